/**
 * Trucks (R-MAINT-11, R-ENTITY-24): the fleet as Truck Maintenance edits it (R-RES-1). The live
 * status (status, its time, the place in the yard, the ticket being worked) is answered but only
 * changed by dispatch, through PUT /api/v1/trucks/:id/status; the dispatch board reads the trucks
 * with their live view from GET /api/v1/trucks/board.
 */
import { truckStatuses } from '../trucks/truck-status';
import { defineResource } from './define';
import { choice, date, decimal, flag, integer, reference, text } from './field';

export const truckStatusChoices = truckStatuses.map((status) => ({
  value: status.id,
  label: status.name,
}));

export const truckResource = defineResource({
  name: 'trucks',
  path: 'trucks',
  singular: 'Truck',
  plural: 'Trucks',
  screen: 'TruckMaintenance',
  // The board and the ticket forms pick trucks (R-PICK-1).
  pickedBy: [
    'LoadScheduling',
    'AggregateTicketEntry',
    'BlockTicketEntry',
    'ConcreteTicketEntry',
    'EditTickets',
    'TicketInquiry',
  ],
  labelField: 'identificationNumber',
  fields: {
    identificationNumber: text({
      label: 'Number',
      required: true,
      max: 20,
      list: true,
      hint: 'Unique within its truck company',
      numbered: true,
    }),
    description: text({ label: 'Description', max: 100, list: true }),
    licensePlate: text({ label: 'Licence plate', max: 20, list: true }),
    vin: text({ label: 'VIN', max: 20 }),
    truckCompanyId: reference('truckCompanies', { label: 'Truck company', list: true }),
    truckTypeId: reference('truckTypes', { label: 'Truck type', list: true }),
    plantId: reference('plants', {
      label: 'Plant',
      list: true,
      hint: "A truck waiting in a yard that changes plant goes to the end of the new plant's yard",
    }),
    driverId: reference('drivers', { label: 'Driver', list: true }),
    tareWeight: decimal({ label: 'Tare weight' }),
    // R-SCALE-5: dated by the database whenever the tare changes; the scale house refuses a tare
    // older than the re-weigh interval.
    tareWeighedAt: date({
      label: 'Tare weighed',
      hint: 'When the stored tare was weighed',
      readOnly: true,
    }),
    maxLoadQuantity: decimal({ label: 'Maximum load' }),
    truckFlagId: reference('truckFlags', { label: 'Flag' }),
    outsideTruckFlag: flag({ label: 'Outside truck', list: true }),
    mobileSimulationFlag: flag({
      label: 'Mobile simulation',
      hint: 'Statuses come from the simulated mobile app',
    }),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
    statusId: choice(truckStatusChoices, {
      label: 'Status',
      readOnly: true,
      list: true,
      section: 'status',
    }),
    // An instant, answered as an ISO string: the screen's status panel shows it as a time (a
    // date input cannot), so it is on no tab of its own.
    statusDateTime: date({ label: 'Status since', readOnly: true, section: 'statusTime' }),
    inYardSequenceNum: integer({ label: 'Place in yard', readOnly: true, section: 'status' }),
    currentTicketId: integer({ label: 'Current ticket', readOnly: true, section: 'status' }),
  },
  search: ['identificationNumber', 'description', 'licensePlate', 'vin'],
  sort: ['identificationNumber', 'description', 'licensePlate', 'statusDateTime', 'id'],
  filters: ['truckCompanyId', 'truckTypeId', 'plantId', 'statusId', 'outsideTruckFlag'],
  sections: [
    { key: 'main', label: 'General' },
    { key: 'status', label: 'Live status' },
  ],
});
