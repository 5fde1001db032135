/** Who the demo producer is; its own trucks belong to truck company 1. */
export const demoCompany = {
  name: 'Scioto Valley Materials',
  truckCompanyId: 1,
  emailDomain: 'sciotovalley.example.com',
  address: ['3300 Refugee Rd', 'Columbus', 'OH 43232'],
  phoneNumber: '(614) 555-0100',
} as const;
