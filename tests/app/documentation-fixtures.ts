/** Tickets, documentation and invoices as the server answers them, for the documentation, invoice and customs tests. */
import type { InvoiceView } from '../../src/shared/schemas/documentation-view';
import type { DocTicket, Documentation } from '../../src/app/features/documentation/types';
import type { TicketStatus } from '../../src/shared/domain/ticket-status';
import type { User } from '../../src/shared/schemas/user';
import { USERS } from './fake-server';

export const supplier: User = {
  ...USERS.supplier1,
  userDetail: {
    ...USERS.supplier1.userDetail,
    supplier: { id: 30, businessName: 'Midwest Scrap Recycling LLC', depots: [] },
  },
};

export function docTicket(
  id: number,
  status: TicketStatus = 'CONFIRMED',
  mode: 'TRUCK' | 'RAILCAR' = 'TRUCK',
): DocTicket {
  return {
    id,
    createAt: '2026-03-10T15:04:00.000Z',
    status: { name: status },
    supplier: { id: 30, businessName: 'Midwest Scrap Recycling LLC' },
    carrier:
      mode === 'TRUCK'
        ? { id: 1, businessName: 'Rápido Freight Lines', mode }
        : { id: 3, businessName: 'Northern Rail Logistics', mode },
    origin: {
      id: 11,
      name: 'South Chicago Yard',
      address: '11600 S Burley Ave',
      city: 'Chicago, IL',
      location: { type: 'Point', coordinates: [-87.55, 41.68] },
      borderCrossingId: 1,
    },
    destination: { id: 1, name: 'Monterrey Steel Mill' },
    withdrawalDate: '2026-03-12T15:00:00.000Z',
    comments: null,
    invoice:
      status === 'TA_INVOICED' || status === 'MX_TRANSIT'
        ? {
            id: 5,
            number: 'TA-100',
            date: '2026-03-13',
            borderCrossingId: 1,
            paymentDate: null,
            sapValidationStatus: 'pending',
          }
        : null,
    truckDocumentation: null,
    railcarDocumentation: null,
    customsRead: false,
  };
}

const file = (name: string) => ({ key: `key-${name}`, name });

export function documentation(ticketId: number, status: TicketStatus = 'SUPPLIER_INVOICED'): Documentation {
  return {
    id: 40,
    ticketId,
    mode: 'TRUCK',
    createAt: '2026-03-11T10:00:00.000Z',
    updatedAt: '2026-03-11T10:00:00.000Z',
    reservedTonnes: 22.68,
    invoiceDate: '2026-03-11',
    invoiceNumber: 'INV-2001',
    invoiceAmount: 12500.5,
    grossWeight: 80000,
    tareWeight: 30000,
    netTonnes: 22.68,
    carEquipment: 'TRK123456',
    materialId: 2,
    material: { id: 2, code: 'HMS1', description: 'HMS 1' },
    materialDescription: 'HMS 1',
    purchaseOrderId: 9,
    purchaseOrder: { id: 9, documentNumberId: '4500001', availableQuantity: 100 },
    destinationId: 1,
    destination: { id: 1, name: 'Monterrey Steel Mill' },
    carrierId: null,
    depotId: null,
    waybill: null,
    comments: null,
    ticket: { id: ticketId, status: { name: status } },
    salesInvoice: [file('invoice.pdf')],
    weightCertificate: [file('weight.pdf')],
    BL: [file('bl.pdf')],
    radioactiveCertificate: [file('radio.pdf')],
    photos: [file('photo1.jpg')],
  };
}

export const MATERIALS = [
  { id: 2, code: 'HMS1', description: 'HMS 1' },
  { id: 3, code: 'SHRED', description: 'Shredded scrap' },
];
export const PURCHASE_ORDERS = [
  {
    id: 9,
    documentNumberId: '4500001',
    earlyDeliveryDate: '2026-04-15',
    availableQuantity: 100,
    materialId: 2,
    materialDesc: 'HMS 1',
  },
];
export const DESTINATIONS = [{ id: 1, name: 'Monterrey Steel Mill' }];

/** A small valid PDF and PNG, and a file of any size. */
export const pdfFile = (name = 'doc.pdf') => new File(['%PDF-1.4\n%EOF\n'], name, { type: 'application/pdf' });
export const pngFile = (name = 'photo.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], name, { type: 'image/png' });
export const sizedFile = (size: number, name = 'big.pdf') => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.4'));
  return new File([bytes], name, { type: 'application/pdf' });
};

/** A provider (TA) invoice of ticket 7 as GET /invoices/{id}/ticket answers it, without a payment yet. */
export const INVOICE: InvoiceView = {
  id: 5,
  ticketId: 7,
  number: 'TA-100',
  date: '2026-03-12',
  borderCrossingId: 1,
  rpaId: null,
  createAt: '2026-03-12T10:00:00.000Z',
  borderCrossing: { id: 1, description: 'Laredo – Nuevo Laredo', customsAgent: { id: 1, tradeName: 'Aduanas Laredo' } },
  invoiceFile: { key: 'key-ta.pdf', name: 'ta.pdf' },
  sapValidationStatus: 'pending',
  rpa: null,
  paymentNumber: null,
  paymentDate: null,
  paymentFile: null,
};
