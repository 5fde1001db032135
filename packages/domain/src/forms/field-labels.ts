/**
 * The human label of each field an R-VALID rule names, defined once so every message reads the
 * same on the form, in the API answer and in the tests.
 */
export const fieldLabels = {
  // Order
  customerId: 'Customer',
  customerPoNumber: 'Customer PO number',
  orderDate: 'Order date',
  shipDate: 'Ship date',
  orderStatusId: 'Order status',
  orderTypeId: 'Order type',
  plantId: 'Plant',
  reasonId: 'Reason',
  sourceTaxingType: 'Source taxing type',
  standbyChargeTypeId: 'Standby charge type',
  uploadMixToBatchPanel: 'Upload mix to batch panel',
  imperialFlag: 'Imperial flag',
  invoicedFlag: 'Invoiced flag',
  chargeOrderFlag: 'Charge order flag',
  orderVerifiedFlag: 'Order verified flag',
  blockReturnOrderFlag: 'Block return order flag',
  freeShortLoadId: 'Free short load',
  shortLoadTypeId: 'Short load type',
  printMaterialTypeId: 'Print material type',
  emailAddressCsv: 'Email addresses',
  // Product line
  productId: 'Product',
  primaryProduct: 'Primary product',
  systemTypeId: 'System type',
  // Schedule
  loadIntervalTime: 'Load interval time',
  numberOfTrucks: 'Number of trucks',
  onJobWaitMinutes: 'On-job wait minutes',
  onJobWashMinutes: 'On-job wash minutes',
  quantityPerHour: 'Quantity per hour',
  travelTimeToJob: 'Travel time to job',
  travelTimeToPlant: 'Travel time to plant',
  // Job
  address3: 'Address 3',
  address5: 'Address 5',
  address7: 'Address 7',
  // Login, classic authentication, token login
  username: 'Username',
  database: 'Database',
  server: 'Server',
  token: 'Token',
} as const;
