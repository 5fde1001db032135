/**
 * The truck statuses' names, once for every screen that says them (the board, the map, the driver
 * app, Ask AI's answers), so a status reads the same wherever a dispatcher or driver meets it.
 */
export const truckStatusNamesEn = {
  inYard: 'In yard',
  loading: 'Loading',
  loaded: 'Loaded',
  toJob: 'To job',
  onJob: 'On job',
  unloading: 'Unloading',
  washing: 'Washing',
  toPlant: 'To plant',
  outOfService: 'Out of service',
  offDuty: 'Off duty',
};

export const truckStatusNamesEs: typeof truckStatusNamesEn = {
  inYard: 'En patio',
  loading: 'Cargando',
  loaded: 'Cargado',
  toJob: 'A la obra',
  onJob: 'En la obra',
  unloading: 'Descargando',
  washing: 'Lavando',
  toPlant: 'A planta',
  outOfService: 'Fuera de servicio',
  offDuty: 'Fuera de turno',
};
