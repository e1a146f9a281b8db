/**
 * Demo data of every role, both carrier modes, two customs agents with their own
 * crossings, materials with open purchase orders, contracts (one ended) and tickets in every status.
 * The start script runs it on an empty embedded database, or anywhere with SEED_DEMO=true; it is idempotent.
 */
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../db/database';
import { userRoles, users } from '../db/schema/accounts';
import {
  borderCrossings,
  carriers,
  contracts,
  customsAgents,
  depots,
  destinations,
  materials,
  purchaseOrders,
  suppliers,
} from '../db/schema/parties';
import { configurationProperties } from '../db/schema/system';
import { ticketAssignments, tickets } from '../db/schema/tickets';
import { documentFiles, files as filesTable, providerInvoices, shippingDocuments } from '../db/schema/documents';
import type { FileStore } from '../files/file-store';
import { netTonnes } from '../../shared/domain/money';
import { seedAccounting } from './accounting-seed';
import { seedBackOffice } from './back-office-seed';
import { demoPdf, demoPhoto } from './demo-files';
import { Readable } from 'node:stream';

export const DEMO_PASSWORD = 'Demo-1234!';

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return (rows[0]?.n ?? 0) === 0;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysFrom = (base: Date, days: number) => new Date(base.getTime() + days * 86_400_000);

/**
 * With a file store, tickets past CONFIRMED also get their shipping documentation (real small PDFs and
 * photos), provider invoices and a payment voucher, as a working portal would have them.
 */
export async function seedDemo(db: Db, log?: Pick<FastifyBaseLogger, 'info'>, store?: FileStore): Promise<void> {
  const existing = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where username = 'admin'`,
  );
  if ((existing[0]?.n ?? 0) > 0) return;
  const now = new Date();
  const passwordHash = await hash(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const [agentNorte, agentFrontera] = await tx
      .insert(customsAgents)
      .values([
        { businessName: 'Aduanas del Norte S.C.', tradeName: 'Aduanas del Norte' },
        { businessName: 'Agencia Aduanal Frontera S.A.', tradeName: 'Frontera Customs' },
      ])
      .returning();
    const [laredo, eaglePass, elPaso] = await tx
      .insert(borderCrossings)
      .values([
        { description: 'Laredo – Nuevo Laredo', customsAgentId: agentNorte!.id },
        { description: 'Eagle Pass – Piedras Negras', customsAgentId: agentNorte!.id },
        { description: 'El Paso – Ciudad Juárez', customsAgentId: agentFrontera!.id },
      ])
      .returning();
    const [midwest, texas] = await tx
      .insert(suppliers)
      .values([
        {
          sapId: '100245',
          businessName: 'Midwest Scrap Recycling LLC',
          tradeName: 'Midwest Scrap',
          city: 'Chicago',
          cellphone: '+1 312 555 0142',
        },
        {
          sapId: '100311',
          businessName: 'Lone Star Metal Yards Inc.',
          tradeName: 'Lone Star Metals',
          city: 'San Antonio',
          cellphone: '+1 210 555 0199',
        },
      ])
      .returning();
    const [chicagoYard, houstonYard, sanAntonioYard, elPasoYard] = await tx
      .insert(depots)
      .values([
        {
          supplierId: midwest!.id,
          name: 'South Chicago Yard',
          city: 'Chicago, IL',
          address: '11600 S Burley Ave',
          latitude: 41.6847,
          longitude: -87.5436,
          description: 'Rail spur and truck scale',
          borderCrossingId: laredo!.id,
        },
        {
          supplierId: midwest!.id,
          name: 'Houston Ship Channel Yard',
          city: 'Houston, TX',
          address: '8300 Clinton Dr',
          latitude: 29.7342,
          longitude: -95.2733,
          description: 'Truck loading only',
          borderCrossingId: eaglePass!.id,
        },
        {
          supplierId: texas!.id,
          name: 'San Antonio East Yard',
          city: 'San Antonio, TX',
          address: '4200 E Houston St',
          latitude: 29.4311,
          longitude: -98.4322,
          description: null,
          borderCrossingId: laredo!.id,
        },
        {
          supplierId: texas!.id,
          name: 'El Paso Border Yard',
          city: 'El Paso, TX',
          address: '1500 Gateway Blvd E',
          latitude: 31.7719,
          longitude: -106.4101,
          description: 'Next to the Ysleta crossing',
          borderCrossingId: elPaso!.id,
        },
      ])
      .returning();
    const [monterrey, saltillo] = await tx
      .insert(destinations)
      .values([{ name: 'Monterrey Steel Mill' }, { name: 'Saltillo Depot' }, { name: 'Monclova Plant' }])
      .returning();
    const [rapido, border, northern, oldRoad] = await tx
      .insert(carriers)
      .values([
        { businessName: 'Rápido Freight Lines', mode: 'TRUCK', category: 1, enabledForAlgorithm: true },
        { businessName: 'Border Haulers Co.', mode: 'TRUCK', category: 2, enabledForAlgorithm: true },
        { businessName: 'Northern Rail Logistics', mode: 'RAILCAR', category: 1, enabledForAlgorithm: true },
        { businessName: 'Old Road Trucking', mode: 'TRUCK', category: 1, enabledForAlgorithm: true },
      ])
      .returning();
    await tx.insert(contracts).values([
      {
        carrierId: rapido!.id,
        description: 'Truck freight Midwest–Monterrey 2026',
        price: '2450.00',
        from: isoDay(daysFrom(now, -200)),
        to: isoDay(daysFrom(now, 165)),
      },
      {
        carrierId: border!.id,
        description: 'Border truck shuttle 2026',
        price: '1800.00',
        from: isoDay(daysFrom(now, -120)),
        to: isoDay(daysFrom(now, 240)),
      },
      {
        carrierId: northern!.id,
        description: 'Gondola railcar service',
        price: '5200.00',
        from: isoDay(daysFrom(now, -90)),
        to: isoDay(daysFrom(now, 275)),
      },
      {
        carrierId: oldRoad!.id,
        description: 'Legacy truck agreement (ended)',
        price: '2100.00',
        from: isoDay(daysFrom(now, -400)),
        to: isoDay(daysFrom(now, -35)),
      },
    ]);
    await seedBackOffice(tx, { rapido: rapido!, border: border!, northern: northern!, oldRoad: oldRoad! }, now);
    const mats = await tx
      .insert(materials)
      .values([
        { code: 'HMS-80-20', description: 'Heavy melting steel 1&2 (80/20)' },
        { code: 'SHRED-211', description: 'Shredded scrap (ISRI 211)' },
        { code: 'BUSH-NO1', description: 'No. 1 busheling' },
        { code: 'CAST-IRON', description: 'Cast iron borings' },
      ])
      .returning();
    let po = 4500012000;
    for (const supplier of [midwest!, texas!]) {
      for (const [i, material] of mats.entries()) {
        for (const month of [0, 1]) {
          const qty = String(400 + i * 150 + month * 100);
          await tx.insert(purchaseOrders).values({
            documentNumberId: String(po++),
            supplierId: supplier.id,
            materialId: material.id,
            earlyDeliveryDate: isoDay(daysFrom(now, 20 + month * 31)),
            quantity: `${qty}.000`,
            availableQuantity: `${qty}.000`,
          });
        }
      }
    }
    await tx.insert(configurationProperties).values([
      { key: 'ALLOCATION_FREQUENCY', value: '2' },
      { key: 'DELETE_TICKETS_FREQUENCY', value: '7' },
    ]);

    const people: {
      username: string;
      name: string;
      email: string;
      roles: string[];
      supplierId?: number;
      carrierId?: number;
      customsAgentId?: number;
    }[] = [
      { username: 'admin', name: 'Alicia Ramírez', email: 'admin@scrap-portal.test', roles: ['ADMIN'] },
      { username: 'adminro', name: 'Roberto Díaz', email: 'adminro@scrap-portal.test', roles: ['ADMINRO'] },
      {
        username: 'supplier1',
        name: 'Sam Kowalski',
        email: 'supplier1@scrap-portal.test',
        roles: ['SUPPLIER'],
        supplierId: midwest!.id,
      },
      {
        username: 'supplier2',
        name: 'Laura Garza',
        email: 'supplier2@scrap-portal.test',
        roles: ['SUPPLIER'],
        supplierId: texas!.id,
      },
      {
        username: 'carrier1',
        name: 'Miguel Torres',
        email: 'carrier1@scrap-portal.test',
        roles: ['CARRIER'],
        carrierId: rapido!.id,
      },
      {
        username: 'carrier2',
        name: 'Dana Whitfield',
        email: 'carrier2@scrap-portal.test',
        roles: ['CARRIER'],
        carrierId: border!.id,
      },
      {
        username: 'rail1',
        name: 'Ernesto Salinas',
        email: 'rail1@scrap-portal.test',
        roles: ['CARRIER'],
        carrierId: northern!.id,
      },
      {
        username: 'customs1',
        name: 'Patricia Luna',
        email: 'customs1@scrap-portal.test',
        roles: ['CUSTOMS'],
        customsAgentId: agentNorte!.id,
      },
      {
        username: 'customs2',
        name: 'Jorge Medina',
        email: 'customs2@scrap-portal.test',
        roles: ['CUSTOMS'],
        customsAgentId: agentFrontera!.id,
      },
    ];
    for (const person of people) {
      const [user] = await tx
        .insert(users)
        .values({
          username: person.username,
          name: person.name,
          email: person.email,
          passwordHash,
          supplierId: person.supplierId ?? null,
          carrierId: person.carrierId ?? null,
          customsAgentId: person.customsAgentId ?? null,
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values(person.roles.map((role, position) => ({ userId: user!.id, role, position })));
    }

    // Tickets across the lifecycle. Later stages get their documentation and invoices with the
    // documentation work; here they carry status, carrier and offer history.
    const plan: {
      status: string;
      supplier: number;
      yard: number;
      carrier: number | null;
      assignment: string | null;
      ageHours: number;
      dest?: number;
    }[] = [
      {
        status: 'PENDING',
        supplier: midwest!.id,
        yard: chicagoYard!.id,
        carrier: rapido!.id,
        assignment: 'PENDING',
        ageHours: 2,
      },
      {
        status: 'PENDING',
        supplier: midwest!.id,
        yard: houstonYard!.id,
        carrier: rapido!.id,
        assignment: 'PENDING',
        ageHours: 30,
      },
      {
        status: 'PENDING',
        supplier: texas!.id,
        yard: sanAntonioYard!.id,
        carrier: border!.id,
        assignment: 'PENDING',
        ageHours: 5,
      },
      {
        status: 'PENDING',
        supplier: midwest!.id,
        yard: chicagoYard!.id,
        carrier: northern!.id,
        assignment: 'PENDING',
        ageHours: 1,
      },
      { status: 'PENDING', supplier: texas!.id, yard: elPasoYard!.id, carrier: null, assignment: null, ageHours: 50 },
      {
        status: 'CONFIRMED',
        supplier: midwest!.id,
        yard: chicagoYard!.id,
        carrier: rapido!.id,
        assignment: 'CONFIRMED',
        ageHours: 20,
      },
      {
        status: 'CONFIRMED',
        supplier: midwest!.id,
        yard: houstonYard!.id,
        carrier: rapido!.id,
        assignment: 'CONFIRMED',
        ageHours: 40,
      },
      {
        status: 'CONFIRMED',
        supplier: midwest!.id,
        yard: chicagoYard!.id,
        carrier: northern!.id,
        assignment: 'CONFIRMED',
        ageHours: 10,
      },
      {
        status: 'CONFIRMED',
        supplier: texas!.id,
        yard: sanAntonioYard!.id,
        carrier: border!.id,
        assignment: 'CONFIRMED',
        ageHours: 8,
      },
      {
        status: 'SUPPLIER_INVOICED',
        supplier: midwest!.id,
        yard: chicagoYard!.id,
        carrier: rapido!.id,
        assignment: 'CONFIRMED',
        ageHours: 72,
        dest: monterrey!.id,
      },
      {
        status: 'TA_INVOICED',
        supplier: midwest!.id,
        yard: houstonYard!.id,
        carrier: rapido!.id,
        assignment: 'CONFIRMED',
        ageHours: 96,
        dest: monterrey!.id,
      },
      {
        status: 'TA_INVOICED',
        supplier: texas!.id,
        yard: elPasoYard!.id,
        carrier: border!.id,
        assignment: 'CONFIRMED',
        ageHours: 100,
        dest: saltillo!.id,
      },
      {
        status: 'MX_TRANSIT',
        supplier: midwest!.id,
        yard: chicagoYard!.id,
        carrier: northern!.id,
        assignment: 'CONFIRMED',
        ageHours: 120,
        dest: saltillo!.id,
      },
      {
        status: 'DELIVERED',
        supplier: midwest!.id,
        yard: chicagoYard!.id,
        carrier: rapido!.id,
        assignment: 'CONFIRMED',
        ageHours: 240,
        dest: monterrey!.id,
      },
      {
        status: 'DELIVERED',
        supplier: texas!.id,
        yard: sanAntonioYard!.id,
        carrier: border!.id,
        assignment: 'CONFIRMED',
        ageHours: 300,
        dest: saltillo!.id,
      },
      {
        status: 'CANCELED',
        supplier: midwest!.id,
        yard: houstonYard!.id,
        carrier: rapido!.id,
        assignment: 'CONFIRMED',
        ageHours: 150,
        dest: monterrey!.id,
      },
    ];
    const created: { id: number; item: (typeof plan)[number]; createdAt: Date }[] = [];
    for (const item of plan) {
      const createdAt = new Date(now.getTime() - item.ageHours * 3_600_000);
      const confirmed = item.assignment === 'CONFIRMED';
      const withdrawal = confirmed ? new Date(createdAt.getTime() + 24 * 3_600_000) : null;
      if (withdrawal) withdrawal.setUTCHours(16, 0, 0, 0);
      const [ticket] = await tx
        .insert(tickets)
        .values({
          status: item.status,
          supplierId: item.supplier,
          originDepotId: item.yard,
          carrierId: item.carrier,
          destinationId: item.dest ?? null,
          withdrawalDate: withdrawal,
          withdrawalTimezone: withdrawal ? 360 : null,
          comments: item.ageHours > 24 && item.status === 'PENDING' ? 'Loaded gondola waiting at the spur' : null,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: tickets.id });
      created.push({ id: ticket!.id, item, createdAt });
      if (item.carrier && item.assignment) {
        // Open offers are fresh, so the allocation sweep does not expire them right after start.
        const offeredAt = confirmed ? createdAt : new Date(now.getTime() - 20 * 60_000);
        await tx.insert(ticketAssignments).values({
          ticketId: ticket!.id,
          carrierId: item.carrier,
          status: item.assignment,
          createdAt: offeredAt,
          respondedAt: confirmed ? new Date(createdAt.getTime() + 3_600_000) : null,
        });
      }
    }

    if (!store) return;
    const save = async (data: Buffer, name: string, contentType: string) => {
      const stored = await store.put(Readable.from([data]), data.length + 1);
      const [row] = await tx
        .insert(filesTable)
        .values({ key: stored.key, name, contentType, size: stored.size, sha256: stored.sha256 })
        .returning({ id: filesTable.id });
      return row!.id;
    };
    const documented = created.filter((c) => !['PENDING', 'CONFIRMED'].includes(c.item.status));
    const carrierMode = new Map([rapido!, border!, northern!, oldRoad!].map((c) => [c.id, c.mode]));
    const crossingOf = new Map(
      [chicagoYard!, houstonYard!, sanAntonioYard!, elPasoYard!].map((d) => [d.id, d.borderCrossingId!]),
    );
    for (const [n, { id, item, createdAt }] of documented.entries()) {
      const mode = carrierMode.get(item.carrier!) ?? 'TRUCK';
      const day = new Date(createdAt.getTime() + 30 * 3_600_000).toISOString().slice(0, 10);
      const gross = (78_000 + n * 1_250).toFixed(2);
      const tare = (31_500 + n * 300).toFixed(2);
      const material = mats[n % mats.length]!;
      const [po] = await tx
        .select()
        .from(purchaseOrders)
        .where(sql`${purchaseOrders.supplierId} = ${item.supplier} and ${purchaseOrders.materialId} = ${material.id}`)
        .limit(1);
      const tonnes = netTonnes(gross, tare).toFixed(3);
      if (po) {
        await tx
          .update(purchaseOrders)
          .set({ availableQuantity: sql`${purchaseOrders.availableQuantity} - ${tonnes}` })
          .where(eq(purchaseOrders.id, po.id));
      }
      const invoiceNumber = `INV-${item.supplier === midwest!.id ? 'MW' : 'LS'}-${String(70_100 + id)}`;
      const [doc] = await tx
        .insert(shippingDocuments)
        .values({
          mode,
          ticketId: id,
          supplierId: item.supplier,
          carrierId: item.carrier,
          depotId: item.yard,
          destinationId: item.dest!,
          invoiceDate: day,
          invoiceNumber,
          invoiceAmount: (18_400 + n * 735.5).toFixed(2),
          grossWeight: gross,
          tareWeight: tare,
          carEquipment: mode === 'RAILCAR' ? `GONX${310_200 + id}` : `TRK${48_100 + id}`,
          materialId: material.id,
          materialDescription: material.description,
          purchaseOrderId: po?.id ?? null,
          reservedTonnes: po ? tonnes : '0',
          waybill: mode === 'RAILCAR' ? String(8_845_000 + id) : null,
          comments: mode === 'RAILCAR' ? 'Two gondolas coupled, seals 4471 and 4472' : null,
          createdAt: new Date(createdAt.getTime() + 30 * 3_600_000),
        })
        .returning({ id: shippingDocuments.id });
      if (item.status === 'DELIVERED') {
        // The mill's scale weighed the load a little lighter than the yard's (moisture, fines).
        const atScale = (Number(gross) - Number(tare) - (140 + n * 35)).toFixed(2);
        await tx.update(tickets).set({ destinationNetWeight: atScale }).where(eq(tickets.id, id));
      }
      const kinds = [
        ['salesInvoice', 'Sales invoice'],
        ['weightCertificate', 'Weight certificate'],
        ['BL', 'Bill of lading'],
        ['radioactiveCertificate', 'No-radioactivity certificate'],
      ] as const;
      for (const [kind, label] of kinds) {
        const fileId = await save(
          demoPdf(`${label} - Trip ${id}`, [
            `Invoice ${invoiceNumber}`,
            `Gross ${gross} lbs, tare ${tare} lbs`,
            `Material ${material.description}`,
          ]),
          `${kind}-${id}.pdf`,
          'application/pdf',
        );
        await tx.insert(documentFiles).values({ documentId: doc!.id, kind, position: 0, fileId });
      }
      for (const position of [0, 1]) {
        const fileId = await save(demoPhoto(id * 2 + position), `photo-${id}-${position + 1}.png`, 'image/png');
        await tx.insert(documentFiles).values({ documentId: doc!.id, kind: 'photo', position, fileId });
      }
      if (!['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED'].includes(item.status)) continue;
      const invoiceFileId = await save(
        demoPdf(`Provider invoice TA-${50_000 + id}`, [`Trip ${id}`, `Border crossing ${crossingOf.get(item.yard)}`]),
        `ta-invoice-${id}.pdf`,
        'application/pdf',
      );
      const delivered = item.status === 'DELIVERED';
      const paymentFileId = delivered
        ? await save(
            demoPdf(`Payment voucher PV-${9_000 + id}`, [`Trip ${id}`]),
            `payment-${id}.pdf`,
            'application/pdf',
          )
        : null;
      await tx.insert(providerInvoices).values({
        ticketId: id,
        number: `TA-${50_000 + id}`,
        date: day,
        borderCrossingId: crossingOf.get(item.yard)!,
        invoiceFileId,
        sapValidationStatus: delivered ? 'confirmed' : n % 3 === 0 ? 'rejected' : 'pending',
        paymentNumber: delivered ? `PV-${9_000 + id}` : null,
        paymentDate: delivered ? day : null,
        paymentFileId,
      });
    }
    await seedAccounting(tx, now, save);
  });
  log?.info(
    'Demo data seeded. Sign in as admin, adminro, supplier1, supplier2, carrier1, carrier2, rail1, customs1 or customs2 with the password Demo-1234!',
  );
}
