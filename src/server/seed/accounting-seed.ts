/**
 * Demo data for accounting and e-vouchers: past DELIVERED trips (documentation, provider invoice and
 * payment, the delivery in the audit trail) across the carriers, including one priced by a contract
 * that has since ended and one that no contract covers; then the delivered invoices grouped into three
 * closed RPAs, leaving an open period with the invoices still waiting (the TA_INVOICED and MX_TRANSIT
 * tickets' and one fresh delivery's).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/database';
import { auditLog } from '../db/schema/system';
import { ticketAssignments, tickets } from '../db/schema/tickets';
import { documentFiles, providerInvoices, rpas, shippingDocuments } from '../db/schema/documents';
import { RPA_FIRST_START } from '../../shared/schemas/rpa';
import { demoPdf, demoPhoto } from './demo-files';

type SaveFile = (data: Buffer, name: string, contentType: string) => Promise<string>;

const DAY = 86_400_000;

const DOCUMENT_KINDS = [
  ['salesInvoice', 'Sales invoice'],
  ['weightCertificate', 'Weight certificate'],
  ['BL', 'Bill of lading'],
  ['radioactiveCertificate', 'No-radioactivity certificate'],
] as const;

interface Party {
  id: number;
  name: string;
}

/** A past trip: which carrier (by business name) and how many days ago it was picked up. */
const TRIPS: { carrier: string; daysAgo: number; yardIndex: number }[] = [
  { carrier: 'Border Haulers Co.', daysAgo: 700, yardIndex: 2 },
  { carrier: 'Rápido Freight Lines', daysAgo: 110, yardIndex: 0 },
  { carrier: 'Border Haulers Co.', daysAgo: 100, yardIndex: 3 },
  { carrier: 'Northern Rail Logistics', daysAgo: 80, yardIndex: 0 },
  { carrier: 'Old Road Trucking', daysAgo: 70, yardIndex: 1 },
  { carrier: 'Rápido Freight Lines', daysAgo: 60, yardIndex: 1 },
  { carrier: 'Border Haulers Co.', daysAgo: 50, yardIndex: 2 },
  { carrier: 'Northern Rail Logistics', daysAgo: 30, yardIndex: 0 },
  { carrier: 'Rápido Freight Lines', daysAgo: 20, yardIndex: 0 },
  { carrier: 'Rápido Freight Lines', daysAgo: 3, yardIndex: 1 },
];

export async function seedAccounting(tx: Tx, now: Date, save: SaveFile): Promise<void> {
  const carriers = await queryRows<Party & { mode: 'TRUCK' | 'RAILCAR' }>(
    tx,
    sql`select id, business_name as name, mode from carriers order by id`,
  );
  const yards = await queryRows<Party & { supplierId: number; crossingId: number }>(
    tx,
    sql`
    select id, name, supplier_id as "supplierId", border_crossing_id as "crossingId" from depots
    where supplier_id is not null and border_crossing_id is not null order by id`,
  );
  const destinations = await queryRows<Party>(tx, sql`select id, name from destinations order by id`);
  const materials = await queryRows<{ id: number; description: string }>(
    tx,
    sql`select id, description from materials order by id`,
  );
  const admin = await queryRows<{ id: number }>(tx, sql`select id from users where username = 'admin'`);
  const adminId = admin[0]?.id ?? null;
  if (yards.length === 0 || destinations.length === 0 || materials.length === 0) return;

  for (const [n, trip] of TRIPS.entries()) {
    const carrier = carriers.find((c) => c.name === trip.carrier);
    const yard = yards[trip.yardIndex % yards.length]!;
    if (!carrier) continue;
    const destination = destinations[n % destinations.length]!;
    const material = materials[n % materials.length]!;
    const withdrawal = new Date(now.getTime() - trip.daysAgo * DAY);
    withdrawal.setUTCHours(16, 0, 0, 0);
    const createdAt = new Date(withdrawal.getTime() - 2 * DAY);
    const documentedAt = new Date(withdrawal.getTime() + 6 * 3_600_000);
    const invoicedAt = new Date(withdrawal.getTime() + DAY);
    const deliveredAt = new Date(withdrawal.getTime() + 2 * DAY);
    const day = (d: Date) => d.toISOString().slice(0, 10);

    const [ticket] = await tx
      .insert(tickets)
      .values({
        status: 'DELIVERED',
        supplierId: yard.supplierId,
        originDepotId: yard.id,
        carrierId: carrier.id,
        destinationId: destination.id,
        withdrawalDate: withdrawal,
        withdrawalTimezone: 360,
        createdAt,
        updatedAt: deliveredAt,
      })
      .returning({ id: tickets.id });
    const id = ticket!.id;
    await tx.insert(ticketAssignments).values({
      ticketId: id,
      carrierId: carrier.id,
      status: 'CONFIRMED',
      createdAt,
      respondedAt: new Date(createdAt.getTime() + 3_600_000),
    });
    const po = await queryRows<{ id: number }>(
      tx,
      sql`
      select id from purchase_orders where supplier_id = ${yard.supplierId} and material_id = ${material.id} order by id limit 1`,
    );
    const gross = (80_000 + n * 1_150).toFixed(2);
    const tare = (31_800 + n * 210).toFixed(2);
    const invoiceNumber = `INV-H-${71_000 + id}`;
    const [doc] = await tx
      .insert(shippingDocuments)
      .values({
        mode: carrier.mode,
        ticketId: id,
        supplierId: yard.supplierId,
        carrierId: carrier.id,
        depotId: yard.id,
        destinationId: destination.id,
        invoiceDate: day(documentedAt),
        invoiceNumber,
        invoiceAmount: (19_250 + n * 612.25).toFixed(2),
        grossWeight: gross,
        tareWeight: tare,
        carEquipment: carrier.mode === 'RAILCAR' ? `GONX${320_400 + id}` : `TRK${49_200 + id}`,
        materialId: material.id,
        materialDescription: material.description,
        purchaseOrderId: po[0]?.id ?? null,
        waybill: carrier.mode === 'RAILCAR' ? String(8_846_000 + id) : null,
        createdAt: documentedAt,
        updatedAt: documentedAt,
      })
      .returning({ id: shippingDocuments.id });
    // The mill's scale weighed the load a little lighter than the yard's (moisture, fines).
    const atScale = (Number(gross) - Number(tare) - (120 + n * 45)).toFixed(2);
    await tx
      .update(tickets)
      .set({ destinationNetWeight: atScale })
      .where(sql`${tickets.id} = ${id}`);
    for (const [kind, label] of DOCUMENT_KINDS) {
      const fileId = await save(
        demoPdf(`${label} - Trip ${id}`, [`Invoice ${invoiceNumber}`, `Gross ${gross} lbs, tare ${tare} lbs`]),
        `${kind}-${id}.pdf`,
        'application/pdf',
      );
      await tx.insert(documentFiles).values({ documentId: doc!.id, kind, position: 0, fileId });
    }
    for (const position of [0, 1]) {
      const fileId = await save(demoPhoto(id * 2 + position), `photo-${id}-${position + 1}.png`, 'image/png');
      await tx.insert(documentFiles).values({ documentId: doc!.id, kind: 'photo', position, fileId });
    }
    const invoiceFile = await save(
      demoPdf(`Provider invoice TA-${60_000 + id}`, [`Trip ${id}`, `Carrier ${carrier.name}`]),
      `ta-invoice-${id}.pdf`,
      'application/pdf',
    );
    const paymentFile = await save(
      demoPdf(`Payment voucher PV-${9_500 + id}`, [`Trip ${id}`]),
      `payment-${id}.pdf`,
      'application/pdf',
    );
    await tx.insert(providerInvoices).values({
      ticketId: id,
      number: `TA-${60_000 + id}`,
      date: day(invoicedAt),
      borderCrossingId: yard.crossingId,
      invoiceFileId: invoiceFile,
      sapValidationStatus: 'confirmed',
      paymentNumber: `PV-${9_500 + id}`,
      paymentDate: day(deliveredAt),
      paymentFileId: paymentFile,
      createdAt: invoicedAt,
      updatedAt: invoicedAt,
    });
    await tx.insert(auditLog).values([
      {
        userId: adminId,
        entity: 'ticket',
        entityId: String(id),
        action: 'release',
        fromStatus: 'TA_INVOICED',
        toStatus: 'MX_TRANSIT',
        at: new Date(invoicedAt.getTime() + 3_600_000),
      },
      {
        userId: adminId,
        entity: 'ticket',
        entityId: String(id),
        action: 'deliver',
        fromStatus: 'MX_TRANSIT',
        toStatus: 'DELIVERED',
        at: deliveredAt,
      },
    ]);
  }

  // The other seeded deliveries: their invoice two days after the request, the delivery a day later.
  await tx.execute(sql`
    update provider_invoices pi set created_at = t.created_at + interval '2 days'
    from tickets t where t.id = pi.ticket_id and t.status = 'DELIVERED' and pi.created_at > t.created_at + interval '2 days'
      and not exists (select 1 from audit_log a where a.entity = 'ticket' and a.entity_id = t.id::text and a.to_status = 'DELIVERED')`);
  await tx.execute(sql`
    insert into audit_log (user_id, entity, entity_id, action, from_status, to_status, at)
    select ${adminId}, 'ticket', t.id::text, 'deliver', 'MX_TRANSIT', 'DELIVERED', t.created_at + interval '3 days'
    from tickets t where t.status = 'DELIVERED'
      and not exists (select 1 from audit_log a where a.entity = 'ticket' and a.entity_id = t.id::text and a.to_status = 'DELIVERED')`);

  // Three closed periods; the last week stays open with its invoices waiting.
  const ends = [95, 45, 7].map((days) => {
    const end = new Date(now.getTime() - days * DAY);
    end.setUTCMilliseconds(0);
    return end;
  });
  let from = new Date(RPA_FIRST_START);
  for (const to of ends) {
    const [rpa] = await tx
      .insert(rpas)
      .values({ from, to, invoiceQty: 0, createdBy: adminId, createdAt: to })
      .returning({ id: rpas.id });
    await tx.execute(sql`
      update provider_invoices set rpa_id = ${rpa!.id} where rpa_id is null and created_at <= ${to.toISOString()}::timestamptz`);
    await tx.execute(
      sql`update rpas set invoice_qty = (select count(*) from provider_invoices where rpa_id = ${rpa!.id}) where id = ${rpa!.id}`,
    );
    from = new Date(to.getTime() + 1000);
  }
}
