import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import {
  AdminRailcarEditSchema,
  AdminTicketEditSchema,
  CreateRailcarDocumentationSchema,
  CreateTruckDocumentationSchema,
  UpdateRailcarDocumentationSchema,
  UpdateTruckDocumentationSchema,
} from '../../src/shared/schemas/documentation';
import { CreateInvoiceSchema, PaymentSchema, UpdateInvoiceSchema } from '../../src/shared/schemas/invoice';
import { checkFile, checkPhotoCount, detectFileType, fileRule } from '../../src/shared/domain/file-rules';

const truck = {
  ticketId: 12,
  destinationId: 1,
  invoiceDate: '2026-11-20',
  invoiceNumber: 'F-1001',
  invoiceAmount: 100.25,
  grossWeight: 45000,
  tareWeight: 15000,
  carEquipment: 'ABC123',
  materialId: 3,
};
const railcar = { ...truck, carrierId: 3, depotId: 4, waybill: '12345', carEquipment: 'GONX3011' };

/** The first message per field, as the server's `details`. */
function details(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.issues) out[v.getDotPath(issue) ?? '_'] ??= issue.message;
  return out;
}

describe('CreateTruckDocumentationSchema', () => {
  it('should accept a complete payload and numeric strings', () => {
    expect(details(CreateTruckDocumentationSchema, truck)).toEqual({});
    const parsed = v.parse(CreateTruckDocumentationSchema, { ...truck, invoiceAmount: '100.25', ticketId: '12' });
    expect(parsed).toMatchObject({
      invoiceAmount: 100.25,
      ticketId: 12,
      materialDescription: null,
      purchaseOrderId: null,
    });
  });

  it.each([
    ['ticketId', 'Ticket is a required field'],
    ['destinationId', 'Destination is a required field'],
    ['invoiceDate', 'Invoice date is a required field'],
    ['invoiceNumber', 'Invoice number is a required field'],
    ['invoiceAmount', 'Invoice amount is a required field'],
    ['tareWeight', 'Tare weight is a required field'],
    ['grossWeight', 'Gross weight is a required field'],
    ['carEquipment', 'Car/Equipment is a required field'],
    ['materialId', 'Campo obligatorio'],
  ])('should say %s is required with its text', (field, message) => {
    const { [field as keyof typeof truck]: _omit, ...rest } = truck;
    expect(details(CreateTruckDocumentationSchema, rest)[field]).toBe(message);
    expect(details(CreateTruckDocumentationSchema, { ...truck, [field]: '' })[field]).toBe(message);
  });

  it.each([
    [{ invoiceAmount: 0 }, 'invoiceAmount', 'Invoice Amount must be a positive number'],
    [{ invoiceAmount: -5 }, 'invoiceAmount', 'Invoice Amount must be a positive number'],
    [{ invoiceAmount: 'abc' }, 'invoiceAmount', 'Invoice Amount must be a positive number'],
    [{ invoiceAmount: 1.234 }, 'invoiceAmount', 'At most 2 decimals are allowed'],
    [{ tareWeight: 0 }, 'tareWeight', 'Tare Weight must be a positive number'],
    [{ tareWeight: 10.001 }, 'tareWeight', 'At most 2 decimals are allowed'],
    [{ grossWeight: 15000 }, 'grossWeight', 'Gross Weight must be greater than Tare Weight'],
    [{ grossWeight: 100 }, 'grossWeight', 'Gross Weight must be greater than Tare Weight'],
    [{ carEquipment: 'AB123' }, 'carEquipment', 'Car/Equipment must have at least 6 letters and digits'],
    [
      { carEquipment: 'ABC 123' },
      'carEquipment',
      'Car/Equipment cannot contain spaces: type the letters and digits together, e.g. TTGX123456',
    ],
    [
      { carEquipment: 'ABC-123' },
      'carEquipment',
      'Car/Equipment cannot contain a hyphen (-): type the letters and digits together, e.g. TTGX123456',
    ],
    [
      { carEquipment: 'TTGX–123456' },
      'carEquipment',
      'Car/Equipment cannot contain a hyphen (-): type the letters and digits together, e.g. TTGX123456',
    ],
    [
      { carEquipment: 'ABC.123' },
      'carEquipment',
      'Car/Equipment can only contain the letters A to Z and digits, without symbols or accents',
    ],
    [
      { carEquipment: 'ÑAND123' },
      'carEquipment',
      'Car/Equipment can only contain the letters A to Z and digits, without symbols or accents',
    ],
    [
      { carEquipment: 'ttgx123456' },
      'carEquipment',
      'Car/Equipment must be written in capital letters, as it is painted on the car',
    ],
    [{ carEquipment: 'A'.repeat(31) }, 'carEquipment', 'Car/Equipment must have at most 30 letters and digits'],
    [
      { carEquipment: 'F1001X', invoiceNumber: 'f1001x' },
      'carEquipment',
      'Car/Equipment and Invoice Number must be different',
    ],
    [{ invoiceDate: '20/11/2026' }, 'invoiceDate', 'Invoice date must be a date (YYYY-MM-DD)'],
    [{ invoiceDate: '2026-02-30' }, 'invoiceDate', 'Invoice date must be a date (YYYY-MM-DD)'],
  ])('should refuse %o on %s with %s', (patch, field, message) => {
    expect(details(CreateTruckDocumentationSchema, { ...truck, ...patch })).toEqual({ [field]: message });
  });

  it('should accept exactly 2 decimals and the smallest positive amount', () => {
    expect(
      details(CreateTruckDocumentationSchema, { ...truck, invoiceAmount: 0.01, tareWeight: 0.01, grossWeight: 0.02 }),
    ).toEqual({});
    expect(details(CreateTruckDocumentationSchema, { ...truck, invoiceAmount: 19.99 })).toEqual({});
  });

  it('should report the cross-field rule together with other failing fields', () => {
    expect(details(CreateTruckDocumentationSchema, { ...truck, grossWeight: 10, materialId: null })).toEqual({
      grossWeight: 'Gross Weight must be greater than Tare Weight',
      materialId: 'Campo obligatorio',
    });
  });
});

describe('UpdateTruckDocumentationSchema', () => {
  it('should make invoice date, number and material optional but keep destination, amount and car rules', () => {
    const { ticketId: _t, invoiceDate: _d, invoiceNumber: _n, materialId: _m, ...edit } = truck;
    expect(details(UpdateTruckDocumentationSchema, edit)).toEqual({});
    const { destinationId: _dest, ...noDestination } = edit;
    expect(details(UpdateTruckDocumentationSchema, noDestination)).toEqual({
      destinationId: 'Destination is a required field',
    });
    expect(details(UpdateTruckDocumentationSchema, { ...edit, invoiceAmount: 0, carEquipment: 'X' })).toEqual({
      invoiceAmount: 'Invoice Amount must be a positive number',
      carEquipment: 'Car/Equipment must have at least 6 letters and digits',
    });
  });

  it('should tell a cleared purchase order (null) from a kept one (absent)', () => {
    const { ticketId: _t, ...edit } = truck;
    expect(v.parse(UpdateTruckDocumentationSchema, edit).purchaseOrderId).toBeUndefined();
    expect(v.parse(UpdateTruckDocumentationSchema, { ...edit, purchaseOrderId: null }).purchaseOrderId).toBeNull();
  });
});

describe('railcar documentation schemas', () => {
  it('should accept a complete railcar payload', () => {
    expect(details(CreateRailcarDocumentationSchema, railcar)).toEqual({});
  });

  it.each([
    [{ carrierId: undefined }, 'carrierId', 'Carrier is a required field'],
    [{ depotId: undefined }, 'depotId', 'Yard is a required field'],
    [{ destinationId: undefined }, 'destinationId', 'Destination is a required field'],
    [{ waybill: undefined }, 'waybill', 'WayBill is a required field'],
    [{ waybill: '1234' }, 'waybill', 'WayBill must contain only numeric digits (min 5)'],
    [{ waybill: '12a456' }, 'waybill', 'WayBill must contain only numeric digits (min 5)'],
    [{ waybill: '55555', invoiceNumber: '55555' }, 'waybill', 'WayBill and Invoice Number must be different'],
    [{ carEquipment: '987654', waybill: '987654' }, 'carEquipment', 'Car/Equipment and WayBill must be different'],
    [{ invoiceAmount: 0 }, 'invoiceAmount', 'Invoice Amount must be a positive number'],
    [{ tareWeight: -1 }, 'tareWeight', 'Tare Weight must be a positive number'],
  ])('should refuse %o on %s with %s', (patch, field, message) => {
    expect(details(CreateRailcarDocumentationSchema, { ...railcar, ...patch })).toEqual({ [field]: message });
  });

  it('should make ticket, carrier, yard, destination, date, number and material optional on update', () => {
    const {
      ticketId: _t,
      carrierId: _c,
      depotId: _y,
      destinationId: _d,
      invoiceDate: _i,
      invoiceNumber: _n,
      materialId: _m,
      ...edit
    } = railcar;
    expect(details(UpdateRailcarDocumentationSchema, edit)).toEqual({});
    expect(details(UpdateRailcarDocumentationSchema, { ...edit, waybill: '12' })).toEqual({
      waybill: 'WayBill must contain only numeric digits (min 5)',
    });
  });
});

describe('AdminTicketEditSchema', () => {
  it('should accept an empty edit and check the fields that are sent', () => {
    expect(details(AdminTicketEditSchema, {})).toEqual({});
    expect(details(AdminTicketEditSchema, { invoiceAmount: 0, tareWeight: 0 })).toEqual({
      invoiceAmount: 'Invoice Amount must be a positive number',
      tareWeight: 'Tare Weight must be a positive number',
    });
    expect(details(AdminTicketEditSchema, { grossWeight: 10, tareWeight: 20 })).toEqual({
      grossWeight: 'Gross Weight must be greater than Tare Weight',
    });
    expect(details(AdminTicketEditSchema, { carEquipment: 'ABC123', invoiceNumber: 'ABC123' })).toEqual({
      carEquipment: 'Car/Equipment and Invoice Number must be different',
    });
    expect(details(AdminTicketEditSchema, { carEquipment: 'AB' })).toEqual({
      carEquipment: 'Car/Equipment must have at least 6 letters and digits',
    });
  });
});

describe('AdminRailcarEditSchema', () => {
  it('should take any one field alone, as the truck edit does', () => {
    expect(details(AdminRailcarEditSchema, {})).toEqual({});
    expect(v.parse(AdminRailcarEditSchema, { invoiceAmount: 7 })).toEqual({ invoiceAmount: 7 });
    expect(v.parse(AdminRailcarEditSchema, { waybill: '55555' })).toEqual({ waybill: '55555' });
  });

  it('should keep the rules of the fields that are sent', () => {
    expect(details(AdminRailcarEditSchema, { waybill: '12' })).toEqual({
      waybill: 'WayBill must contain only numeric digits (min 5)',
    });
    expect(details(AdminRailcarEditSchema, { waybill: null })).toEqual({
      waybill: 'WayBill must contain only numeric digits (min 5)',
    });
    expect(details(AdminRailcarEditSchema, { waybill: '55555', carEquipment: '55555' })).toEqual({
      carEquipment: 'Car/Equipment must have at least 6 letters and digits',
    });
    expect(details(AdminRailcarEditSchema, { waybill: '555555', carEquipment: '555555' })).toEqual({
      carEquipment: 'Car/Equipment and WayBill must be different',
    });
    expect(details(AdminRailcarEditSchema, { grossWeight: 10, tareWeight: 20 })).toEqual({
      grossWeight: 'Gross Weight must be greater than Tare Weight',
    });
  });
});

describe('invoice date', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // 2026-11-27 12:00 UTC: 06:00 in Chicago, already 2026-11-28 in the easternmost zones (UTC+14).
  const at = (iso: string) => vi.useFakeTimers({ now: new Date(iso), toFake: ['Date'] });

  it('should refuse an invoice date after the latest day begun anywhere, on create, update and admin edit', () => {
    at('2026-11-27T12:00:00Z');
    const future = { invoiceDate: '2026-11-29' };
    const message = { invoiceDate: 'Invoice date cannot be in the future' };
    expect(details(CreateTruckDocumentationSchema, { ...truck, ...future })).toEqual(message);
    expect(details(CreateRailcarDocumentationSchema, { ...railcar, ...future })).toEqual(message);
    const { ticketId: _t, ...edit } = truck;
    expect(details(UpdateTruckDocumentationSchema, { ...edit, ...future })).toEqual(message);
    expect(details(AdminTicketEditSchema, future)).toEqual(message);
    expect(details(AdminRailcarEditSchema, future)).toEqual(message);
  });

  it("should accept today in every time zone, the server's UTC day and the day after", () => {
    at('2026-11-27T12:00:00Z');
    for (const invoiceDate of ['2026-11-26', '2026-11-27', '2026-11-28'])
      expect(details(CreateTruckDocumentationSchema, { ...truck, invoiceDate })).toEqual({});
    at('2026-11-27T09:00:00Z');
    expect(details(CreateTruckDocumentationSchema, { ...truck, invoiceDate: '2026-11-28' })).toEqual({
      invoiceDate: 'Invoice date cannot be in the future',
    });
  });
});

describe('invoice schemas', () => {
  it("should require number, date and border crossing with 'Campo obligatorio'", () => {
    expect(details(CreateInvoiceSchema, { ticketId: 1 })).toEqual({
      number: 'Campo obligatorio',
      date: 'Campo obligatorio',
      borderCrossingId: 'Campo obligatorio',
    });
    expect(
      details(CreateInvoiceSchema, { ticketId: 1, number: 'A1', date: '2026-01-01', borderCrossingId: 2 }),
    ).toEqual({});
  });

  it('should accept a partial update and require both payment fields', () => {
    expect(details(UpdateInvoiceSchema, { number: 'B2' })).toEqual({});
    expect(details(UpdateInvoiceSchema, { number: '' })).toEqual({ number: 'Campo obligatorio' });
    expect(details(PaymentSchema, {})).toEqual({
      paymentNumber: 'Campo obligatorio',
      paymentDate: 'Campo obligatorio',
    });
  });
});

describe('file rules', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  const ascii = (text: string) => new TextEncoder().encode(text);

  it('should recognise PDFs and images by their magic bytes', () => {
    expect(detectFileType(ascii('%PDF-1.7'))).toBe('pdf');
    expect(detectFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(detectFileType(ascii('GIF89a...'))).toBe('gif');
    expect(detectFileType(ascii('BM\0\0\0\0'))).toBe('bmp');
    expect(detectFileType(ascii('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(detectFileType(ascii('%PD'))).toBeNull();
    expect(detectFileType(ascii('hello world'))).toBeNull();
  });

  it('should put the supplier limit between 2,097,152 and 2,097,153 bytes', () => {
    const rule = fileRule('pdf', 'supplier');
    const head = ascii('%PDF-1.4');
    expect(checkFile(rule, { size: 2_097_152, head })).toBeNull();
    expect(checkFile(rule, { size: 2_097_153, head })).toBe('The file exceeds the maximum size of 2 MB');
  });

  it('should put the admin limit between 3,670,015 and 3,670,016 bytes', () => {
    const rule = fileRule('image', 'admin');
    const head = bytes(0xff, 0xd8, 0xff);
    expect(checkFile(rule, { size: 3_670_015, head })).toBeNull();
    expect(checkFile(rule, { size: 3_670_016, head })).toBe('File is too big (max. size: 3,5 Mb.)');
  });

  it('should refuse empty files and wrong formats with the spec texts', () => {
    expect(checkFile(fileRule('pdf', 'supplier'), { size: 0, head: new Uint8Array() })).toBe('The file is empty');
    expect(
      checkFile(fileRule('pdf', 'supplier'), { size: 10, head: bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) }),
    ).toBe('The file format should be .pdf');
    expect(checkFile(fileRule('pdfOrImage', 'admin'), { size: 10, head: ascii('PK\u0003\u0004') })).toBe(
      'The file format should be .pdf or image',
    );
    expect(checkFile(fileRule('pdfOrImage', 'admin'), { size: 10, head: ascii('GIF87a') })).toBeNull();
  });

  it('should allow 4 photos and refuse 5', () => {
    expect(checkPhotoCount(4)).toBeNull();
    expect(checkPhotoCount(5)).toBe('At most 4 photos are allowed');
  });
});
