/**
 * The one-page PDF of an e-voucher, drawn with pdfkit and streamed as it is produced. Labels come in the
 * caller's language (English or Mexican Spanish); dates, times, money and weights read as on the
 * screens (src/shared/format). Text is set in Noto Sans, embedded (subset) from its npm package: the
 * PDF's 14 standard fonts only know WinAnsi, so a carrier or yard named "Łódź" printed as "6Az".
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import type { EvoucherView } from '../../shared/schemas/evoucher';
import { formatDateTime, formatDay, formatLbs, formatUsd } from '../../shared/format/display-format';

export type VoucherLang = 'en' | 'es';

const require = createRequire(import.meta.url);
/** Noto Sans (SIL Open Font License 1.1): Latin with its extensions, Greek and Cyrillic. */
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

const LABELS = {
  en: {
    title: 'E-voucher',
    subtitle: 'Freight settlement of a delivered trip',
    trip: 'Trip ID',
    carrier: 'Carrier',
    mode: 'Mode',
    supplier: 'Supplier',
    origin: 'Origin yard',
    destination: 'Destination',
    equipment: 'Car/Equipment',
    net: 'Net weight',
    withdrawal: 'Withdrawal date',
    delivered: 'Delivered on',
    contract: 'Contract',
    validity: 'Valid',
    price: 'Price per trip',
    amount: 'Amount',
    noContract: 'No contract',
    noContractNote: 'No contract of this carrier was active on the withdrawal date.',
    modes: { TRUCK: 'Truck', RAILCAR: 'Railcar' },
    issued: 'Issued',
    none: '—',
  },
  es: {
    title: 'Comprobante electrónico',
    subtitle: 'Liquidación de flete de un viaje entregado',
    trip: 'ID de viaje',
    carrier: 'Transportista',
    mode: 'Modalidad',
    supplier: 'Proveedor',
    origin: 'Patio de origen',
    destination: 'Destino',
    equipment: 'Carro/Equipo',
    net: 'Peso neto',
    withdrawal: 'Fecha de retiro',
    delivered: 'Entregado el',
    contract: 'Contrato',
    validity: 'Vigencia',
    price: 'Precio por viaje',
    amount: 'Importe',
    noContract: 'Sin contrato',
    noContractNote: 'Ningún contrato de este transportista estaba vigente en la fecha de retiro.',
    modes: { TRUCK: 'Camión', RAILCAR: 'Ferrocarril' },
    issued: 'Emitido',
    none: '—',
  },
} as const;

/**
 * The voucher's readings in its language. Days and times are shown in the zone the browser names
 * (`tz`, UTC when absent), and the pickup time names it: that moment picks the contract.
 */
function formatters(lang: VoucherLang, timeZone: string, now: Date) {
  return {
    money: (v: string) => formatUsd(v, lang),
    lbs: (v: string) => formatLbs(v, lang),
    // A voucher is filed and read in later years: its dates always carry the year.
    day: (value: string | Date) => formatDay(value, lang, { timeZone, now, withYear: true }),
    moment: (iso: string) => formatDateTime(iso, lang, { timeZone, now, zone: true, withYear: true }),
  };
}

export function evoucherFileName(voucher: EvoucherView): string {
  return `tripID-${voucher.ticketId}-evoucher-${voucher.deliveredAt.slice(0, 10)}.pdf`;
}

export function evoucherPdf(voucher: EvoucherView, lang: VoucherLang, timeZone = 'UTC', now = new Date()): Readable {
  const L = LABELS[lang];
  const f = formatters(lang, timeZone, now);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    // Never the standard Helvetica: it would be the document's first font until the first font() call.
    font: FONTS.regular,
    info: { Title: `${L.title} ${voucher.ticketId}`, Author: 'Scrap Portal', CreationDate: now },
  });
  doc.registerFont('text', FONTS.regular);
  doc.registerFont('text-bold', FONTS.bold);
  const left = 56;
  const width = doc.page.width - 112;

  doc.fillColor('#4157A1').font('text-bold').fontSize(22).text(L.title, left, 56);
  doc.fillColor('#555555').font('text').fontSize(11).text(L.subtitle);
  doc.moveDown(0.3).fillColor('#111111').font('text-bold').fontSize(14).text(`${L.trip} ${voucher.ticketId}`);
  doc
    .moveTo(left, doc.y + 8)
    .lineTo(left + width, doc.y + 8)
    .strokeColor('#4157A1')
    .lineWidth(1.5)
    .stroke();
  doc.moveDown(1.2);

  const rows: [string, string][] = [
    [L.carrier, voucher.carrier.businessName],
    [L.mode, L.modes[voucher.carrier.mode]],
    [L.supplier, voucher.supplier.businessName],
    [L.origin, `${voucher.origin.name} (${voucher.origin.city})`],
    [L.destination, voucher.destination?.name ?? L.none],
    [L.equipment, voucher.equipment ?? L.none],
    [L.net, voucher.netWeight !== null ? f.lbs(voucher.netWeight) : L.none],
    [L.withdrawal, voucher.withdrawalDate ? f.moment(voucher.withdrawalDate) : L.none],
    [L.delivered, f.day(voucher.deliveredAt)],
    [L.contract, voucher.contract ? `#${voucher.contract.id} ${voucher.contract.description}` : L.noContract],
  ];
  if (voucher.contract) {
    rows.push([L.validity, `${f.day(voucher.contract.from)} – ${f.day(voucher.contract.to)}`]);
    rows.push([L.price, f.money(voucher.contract.price)]);
  }
  const labelWidth = 150;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('text').fontSize(11).fillColor('#555555').text(label, left, y, { width: labelWidth, lineBreak: false });
    doc
      .font('text')
      .fillColor('#111111')
      .text(value, left + labelWidth, y, { width: width - labelWidth, height: 30, ellipsis: true });
    doc.moveDown(0.45);
  }

  doc.moveDown(0.8);
  const boxY = doc.y;
  doc.roundedRect(left, boxY, width, 54, 6).fillColor('#EEF1FA').fill();
  doc
    .fillColor('#4157A1')
    .font('text-bold')
    .fontSize(13)
    .text(L.amount, left + 16, boxY + 19, { lineBreak: false });
  const amount = voucher.amount !== null ? f.money(voucher.amount) : L.noContract;
  doc.fontSize(18).text(amount, left + 16, boxY + 16, { width: width - 32, align: 'right', lineBreak: false });
  if (!voucher.contract) {
    doc
      .fillColor('#C92A2A')
      .font('text')
      .fontSize(10)
      .text(L.noContractNote, left, boxY + 66, { width });
  }
  doc
    .fillColor('#888888')
    .font('text')
    .fontSize(9)
    .text(`${L.issued} ${f.day(now)} · Scrap Portal`, left, doc.page.height - 80, {
      width,
      align: 'center',
      lineBreak: false,
    });
  doc.end();
  return doc;
}
