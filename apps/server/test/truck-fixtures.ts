/** Test helper: the lookups, plants and ticket a truck suite needs, inserted with Drizzle. */
import type { Db } from '../src/db/client';
import { customers } from '../src/db/schema/customers';
import {
  orderTypes,
  reasons,
  ticketStatuses,
  truckCompanies,
  truckFlags,
  truckTypes,
} from '../src/db/schema/lookups';
import { orders } from '../src/db/schema/orders';
import { plants } from '../src/db/schema/plants';
import { tickets } from '../src/db/schema/tickets';
import { users } from '../src/db/schema/auth';
import { employees } from '../src/db/schema/employees';
import { drivers, trucks } from '../src/db/schema/trucks';
import { eq } from 'drizzle-orm';

/** Truck statuses come from the reference data every test database gets; these are the rest. */
export async function insertTruckLookups(db: Db): Promise<void> {
  await db
    .insert(truckCompanies)
    .values([
      { id: 1, name: 'Own Fleet' },
      { id: 2, name: 'Haul Co', outsideCompanyFlag: true },
    ])
    .onConflictDoNothing();
  await db
    .insert(truckTypes)
    .values([
      { id: 1, description: 'Mixer' },
      { id: 2, description: 'Dump' },
    ])
    .onConflictDoNothing();
  await db
    .insert(truckFlags)
    .values({ id: 1, description: 'Needs wash', colorHex: '#FF0000' })
    .onConflictDoNothing();
}

export async function insertPlant(db: Db, description: string, systemTypeId = 1): Promise<number> {
  const [row] = await db
    .insert(plants)
    .values({ description, systemTypeId })
    .returning({ id: plants.id });
  return row!.id;
}

let nextTicketNumber = 1;

/** An order and a ticket on it, at the given plant. */
export async function insertTicket(db: Db, plantId: number, truckId: number): Promise<number> {
  await db.insert(ticketStatuses).values({ id: 1, description: 'Open' }).onConflictDoNothing();
  await db.insert(orderTypes).values({ id: 1, description: 'Standard' }).onConflictDoNothing();
  await db.insert(reasons).values({ id: 1, description: 'None' }).onConflictDoNothing();
  const [customer] = await db
    .insert(customers)
    .values({ number: `C${nextTicketNumber}`, name: 'Acme Builders' })
    .returning({ id: customers.id });
  const [order] = await db
    .insert(orders)
    .values({
      customerId: customer!.id,
      customerName: 'Acme Builders',
      customerPoNumber: 'PO-1',
      plantId,
      orderDate: '2025-03-03',
      shipDate: '2025-03-03',
      orderTypeId: 1,
      // Block: the order needs none of the short-load lookups the truck suites do not care about.
      systemTypeId: 3,
      imperialFlag: true,
      reasonId: 1,
      sourceTaxingType: 1,
    })
    .returning({ id: orders.id });
  const [ticket] = await db
    .insert(tickets)
    .values({ number: nextTicketNumber++, orderId: order!.id, plantId, truckId, statusId: 1 })
    .returning({ id: tickets.id });
  return ticket!.id;
}

let nextEmployeeNumber = 1;

/** Makes the user the truck's driver: an employee, that employee's driver row, and the truck's driver. */
export async function bindDriver(
  db: Db,
  userId: number,
  truckId: number,
  completeName: string,
): Promise<number> {
  const [employee] = await db
    .insert(employees)
    .values({ employeeNumber: `DRV-${nextEmployeeNumber++}`, completeName })
    .returning({ id: employees.id });
  const [driver] = await db
    .insert(drivers)
    .values({ employeeId: employee!.id, name: completeName })
    .returning({ id: drivers.id });
  await db.update(users).set({ employeeId: employee!.id }).where(eq(users.id, userId));
  await db.update(trucks).set({ driverId: driver!.id }).where(eq(trucks.id, truckId));
  return driver!.id;
}
