/** Spanish for packages/domain/src/resources/trucks.ts. */
export const trucksEs = {
  singular: 'Camión',
  plural: 'Camiones',
  fields: {
    identificationNumber: 'Número',
    description: 'Descripción',
    licensePlate: 'Placa',
    vin: 'VIN',
    truckCompanyId: 'Empresa de transporte',
    truckTypeId: 'Tipo de camión',
    plantId: 'Planta',
    driverId: 'Conductor',
    tareWeight: 'Tara',
    tareWeighedAt: 'Tara pesada',
    maxLoadQuantity: 'Carga máxima',
    truckFlagId: 'Indicador',
    outsideTruckFlag: 'Camión externo',
    mobileSimulationFlag: 'Simulación móvil',
    inactiveFlag: 'Inactivo',
    statusId: 'Estado',
    statusDateTime: 'En el estado desde',
    inYardSequenceNum: 'Lugar en el patio',
    currentTicketId: 'Boleta actual',
  },
  hints: {
    identificationNumber: 'Único dentro de su empresa de transporte',
    plantId:
      'Un camión que espera en un patio y cambia de planta pasa al final del patio de la nueva planta',
    mobileSimulationFlag: 'Los estados vienen de la aplicación móvil simulada',
    tareWeighedAt: 'Cuándo se pesó la tara guardada',
  },
  sections: { main: 'General', status: 'Estado en vivo' },
  texts: { statusSince: 'En este estado desde {{when}}' },
};

/** The truck statuses as choices (resources.choices, beside Concrete, Aggregate and Block). */
export const truckStatusChoicesEs = {
  'In yard': 'En patio',
  Loading: 'Cargando',
  Loaded: 'Cargado',
  'To job': 'Hacia la obra',
  'On job': 'En la obra',
  Unloading: 'Descargando',
  Washing: 'Lavando',
  'To plant': 'Hacia la planta',
  'Out of service': 'Fuera de servicio',
  'Off duty': 'Fuera de turno',
};
