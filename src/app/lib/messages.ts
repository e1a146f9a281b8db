/**
 * Catalogue entries for the texts the app shows in the user's language: the spec's validation and error
 * texts, keyed by the shared constants the schemas and the server use for `message` / `details` (a text
 * not in the map is shown as it came), and the error codes of refused calls (src/shared/errors.ts),
 * which decide what a refusal means. Nothing here matches an English text to decide what happened.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { BACK_OFFICE_KNOWN } from './back-office-messages';
import { CLIENT_TEXTS } from './client-texts';
import { REQUEST_KNOWN } from './request-messages';
import { ERROR_CODES, type ErrorCode } from '../../shared/errors';
import { DOC_MSG, FILE_MSG } from '../../shared/schemas/documentation';
import { EQUIPMENT_MSG } from '../../shared/domain/car-equipment';
import { WITHDRAWAL_MESSAGES } from '../../shared/domain/withdrawal';
import { MSG } from '../../shared/schemas/messages';
import { TICKET_MSG } from '../../shared/schemas/ticket-messages';
import { RPA_MSG } from '../../shared/schemas/rpa';
import { EVOUCHER_MSG } from '../../shared/schemas/evoucher';
import { INVOICE_MSG } from '../../shared/schemas/invoice';

/** The spec's literal ticket toasts; shown through the map below in either language. */
export const TICKET_TOASTS = {
  listError: 'Error al obtener las solicitudes',
  declineError: 'Error al rechazar la solicitud',
  manualError: 'Error al cambiar el carrier',
  manualSuccess: 'Carrier asignado con éxito',
  carriersError: 'Error al obtener los carriers',
  destinationsError: 'Error al obtener los destinos',
  countsError: 'Error al obtener la cantidad de tickets por estado',
  createError: 'Error al crear un ticket',
  ticketError: 'Error retrieving ticket',
} as const;

const KNOWN: Record<string, MessageDescriptor> = {
  [MSG.required]: msg`This field is required`,
  [MSG.usernameRequired]: msg`Username is a required field`,
  [MSG.passwordRequired]: msg`Password is a required field`,
  [MSG.passwordMin]: msg`Mininum characters is at least 8`,
  [MSG.passwordMismatch]: msg`The password do not match`,
  [MSG.incorrectLogin]: msg`Incorrect user or password`,
  [MSG.captchaRequired]: msg`Solve the captcha to continue`,
  [MSG.recoverySent]: msg`Check your email to change the password`,
  [MSG.linkExpired]: msg`The link expired, please request new password`,
  [MSG.wrongCurrentPassword]: msg`The current password is not correct`,
  [CLIENT_TEXTS.noConnection]: msg`No connection to the server. Check your network and try again.`,
  [TICKET_TOASTS.listError]: msg`Error retrieving the requests`,
  [TICKET_TOASTS.declineError]: msg`Error declining the request`,
  [TICKET_TOASTS.manualError]: msg`Error changing the carrier`,
  [TICKET_TOASTS.manualSuccess]: msg`Carrier assigned successfully`,
  [TICKET_TOASTS.carriersError]: msg`Error retrieving the carriers`,
  [TICKET_TOASTS.destinationsError]: msg`Error retrieving the destinations`,
  [TICKET_TOASTS.countsError]: msg`Error retrieving the ticket count per status`,
  [TICKET_TOASTS.createError]: msg`Error creating a ticket`,
  [TICKET_TOASTS.ticketError]: msg`Error retrieving ticket`,
  [TICKET_MSG.count]: msg`Count must be a whole number from 1 to 10`,
  [TICKET_MSG.depot]: msg`Origin depot must be a valid id`,
  [TICKET_MSG.comments]: msg`Comments must be at most 500 characters`,
  [TICKET_MSG.reason]: msg`Reason must be at most 500 characters`,
  [TICKET_MSG.carrier]: msg`Carrier must be a valid id`,
  [WITHDRAWAL_MESSAGES.anticipation]: msg`Minimum 30 minutes anticipation`,
  [WITHDRAWAL_MESSAGES.passed]: msg`The withdrawal time has already passed`,
  [WITHDRAWAL_MESSAGES.step]: msg`Withdrawal time must be on a quarter hour (:00, :15, :30 or :45)`,
  [WITHDRAWAL_MESSAGES.weekend]: msg`Withdrawal date must be a weekday`,
  [WITHDRAWAL_MESSAGES.hours]: msg`Withdrawal time must be between 09:00 and 17:45`,
  [WITHDRAWAL_MESSAGES.window]: msg`Withdrawal date must be today or within the next 2 business days`,
};

/** The spec's documentation, invoice and file toasts. */
export const DOCUMENT_TOASTS = {
  duplicateInvoiceNumber: ERROR_CODES.duplicateInvoiceNumber,
  truckError: 'Error updating truck',
  railcarCreateError: 'Failed to creat new railcar',
  railcarUpdateError: 'Railcar update error',
  carriersLoadError: 'Error al obtener los transportistas',
  downloadError: 'Error al descargar el archivo',
  invoicesError: 'Error al obtener las facturas',
  purchasesError: 'Error retrieving purchases',
  invoiceNumberUsed: 'Invoice number already used',
  invoiceCreateError: 'Failed to create invoice',
  invoiceUpdateError: 'Failed to update invoice',
  paymentAdded: 'Payment voucher added successfully',
  adminUpdateSuccess: 'Datos actualizados con éxito',
  adminUpdateError: 'Error al actualizar datos',
} as const;

/** Documentation, file and invoice texts, looked up after KNOWN. */
const DOCUMENT_KNOWN: Record<string, MessageDescriptor> = {
  [DOC_MSG.ticketRequired]: msg`Ticket is a required field`,
  [DOC_MSG.carrierRequired]: msg`Carrier is a required field`,
  [DOC_MSG.destinationRequired]: msg`Destination is a required field`,
  [DOC_MSG.depotRequired]: msg`Yard is a required field`,
  [DOC_MSG.invoiceDateRequired]: msg`Invoice date is a required field`,
  [DOC_MSG.invoiceDateFormat]: msg`Invoice date must be a date (YYYY-MM-DD)`,
  [DOC_MSG.invoiceDateFuture]: msg`Invoice date cannot be in the future`,
  [DOC_MSG.invoiceNumberRequired]: msg`Invoice number is a required field`,
  [DOC_MSG.invoiceAmountRequired]: msg`Invoice amount is a required field`,
  [DOC_MSG.invoiceAmountPositive]: msg`Invoice Amount must be a positive number`,
  [DOC_MSG.tareRequired]: msg`Tare weight is a required field`,
  [DOC_MSG.tarePositive]: msg`Tare Weight must be a positive number`,
  [DOC_MSG.grossRequired]: msg`Gross weight is a required field`,
  [DOC_MSG.grossAboveTare]: msg`Gross Weight must be greater than Tare Weight`,
  [DOC_MSG.twoDecimals]: msg`At most 2 decimals are allowed`,
  [DOC_MSG.tooLarge]: msg`The number is too large`,
  [DOC_MSG.carEquipmentRequired]: msg`Car/Equipment is a required field`,
  [DOC_MSG.carEquipmentFormat]: msg`Car/Equipment must contain alphanumeric digits (min 6)`,
  [EQUIPMENT_MSG.space]: msg`Car/Equipment cannot contain spaces: type the letters and digits together, e.g. TTGX123456`,
  [EQUIPMENT_MSG.hyphen]: msg`Car/Equipment cannot contain a hyphen (-): type the letters and digits together, e.g. TTGX123456`,
  [EQUIPMENT_MSG.symbol]: msg`Car/Equipment can only contain the letters A to Z and digits, without symbols or accents`,
  [EQUIPMENT_MSG.lowercase]: msg`Car/Equipment must be written in capital letters, as it is painted on the car`,
  [EQUIPMENT_MSG.short]: msg`Car/Equipment must have at least 6 letters and digits`,
  [EQUIPMENT_MSG.long]: msg`Car/Equipment must have at most 30 letters and digits`,
  [DOC_MSG.carEquipmentVsInvoice]: msg`Car/Equipment and Invoice Number must be different`,
  [DOC_MSG.carEquipmentVsWaybill]: msg`Car/Equipment and WayBill must be different`,
  [DOC_MSG.waybillRequired]: msg`WayBill is a required field`,
  [DOC_MSG.waybillFormat]: msg`WayBill must contain only numeric digits (min 5)`,
  [DOC_MSG.waybillVsInvoice]: msg`WayBill and Invoice Number must be different`,
  [DOC_MSG.tooLong]: msg`The text is too long`,
  [FILE_MSG.salesInvoiceRequired]: msg`Invoice is a required file`,
  [FILE_MSG.weightCertificateRequired]: msg`Weight cert. is a required file`,
  [FILE_MSG.blRequired]: msg`B/L is a required file`,
  [FILE_MSG.radioactiveCertificateRequired]: msg`Radioactive cert. is a required file`,
  [FILE_MSG.required]: msg`This is a required file`,
  [FILE_MSG.pdfFormat]: msg`The file format should be .pdf`,
  [FILE_MSG.pdfOrImageFormat]: msg`The file format should be .pdf or image`,
  [FILE_MSG.imageFormat]: msg`The file format should be an image`,
  [FILE_MSG.adminTooBig]: msg`File is too big (max. size: 3,5 Mb.)`,
  [FILE_MSG.supplierTooBig]: msg`The file exceeds the maximum size of 2 MB`,
  [FILE_MSG.empty]: msg`The file is empty`,
  [FILE_MSG.tooManyPhotos]: msg`At most 4 photos are allowed`,
  [DOC_MSG.purchaseOrderNotFound]: msg`Purchase order not found`,
  [INVOICE_MSG.dateFormat]: msg`The date must be a date (YYYY-MM-DD)`,
  [DOCUMENT_TOASTS.duplicateInvoiceNumber]: msg`This invoice number was already used`,
  [DOCUMENT_TOASTS.truckError]: msg`Error updating truck`,
  [DOCUMENT_TOASTS.railcarCreateError]: msg`Failed to creat new railcar`,
  [DOCUMENT_TOASTS.railcarUpdateError]: msg`Railcar update error`,
  [DOCUMENT_TOASTS.carriersLoadError]: msg`Error retrieving the carriers`,
  [DOCUMENT_TOASTS.downloadError]: msg`Error downloading the file`,
  [DOCUMENT_TOASTS.invoicesError]: msg`Error retrieving the invoices`,
  [DOCUMENT_TOASTS.purchasesError]: msg`Error retrieving purchases`,
  [DOCUMENT_TOASTS.invoiceNumberUsed]: msg`Invoice number already used`,
  [DOCUMENT_TOASTS.invoiceCreateError]: msg`Failed to create invoice`,
  [DOCUMENT_TOASTS.invoiceUpdateError]: msg`Failed to update invoice`,
  [DOCUMENT_TOASTS.paymentAdded]: msg`Payment voucher added successfully`,
  [DOCUMENT_TOASTS.adminUpdateSuccess]: msg`Data updated successfully`,
  [DOCUMENT_TOASTS.adminUpdateError]: msg`Error updating data`,
  [RPA_MSG.empty]: msg`No invoices to generate RPA`,
  [RPA_MSG.created]: msg`RPA created successfully with ID`,
  [RPA_MSG.error]: msg`Error retrieving data`,
  [RPA_MSG.closed]: msg`The open period was already closed by another RPA; reload the list`,
  [RPA_MSG.notFound]: msg`RPA not found`,
  [EVOUCHER_MSG.notFound]: msg`E-voucher not found`,
  [EVOUCHER_MSG.range]: msg`The end date cannot be before the start date`,
};

/** Refusals whose code, not their message, says what the user sees. */
const CODE_KNOWN: Partial<Record<ErrorCode, MessageDescriptor>> = {
  [ERROR_CODES.duplicateInvoiceNumber]: msg`This invoice number was already used`,
  [ERROR_CODES.incorrectLogin]: msg`Incorrect user or password`,
  [ERROR_CODES.captchaRequired]: msg`Solve the captcha to continue`,
  [ERROR_CODES.unstorableText]: msg`Text must not contain a NUL character or a broken character`,
  [ERROR_CODES.ticketStatus]: msg`The ticket's status no longer allows this; reload it to see where it stands`,
  [ERROR_CODES.ticketChanged]: msg`This ticket was changed by another request meanwhile; reload it to see where it stands`,
};

export function translateMessage(i18n: I18n, text: string): string {
  const descriptor = KNOWN[text] ?? DOCUMENT_KNOWN[text] ?? BACK_OFFICE_KNOWN[text] ?? REQUEST_KNOWN[text];
  return descriptor ? i18n._(descriptor) : text;
}

/** A refused call's text: its code's own text when the app has one, else its message (translated when known). */
export function translateError(i18n: I18n, code: string | undefined, message: string): string {
  const descriptor = code === undefined ? undefined : CODE_KNOWN[code as ErrorCode];
  return descriptor ? i18n._(descriptor) : translateMessage(i18n, message);
}

/** `tm(text)` translates a known English text; non-strings (React nodes, undefined) pass through. */
export function useMessageTranslator(): <T>(text: T) => T | string {
  const { i18n } = useLingui();
  return useCallback(
    <T>(text: T): T | string => (typeof text === 'string' ? translateMessage(i18n, text) : text),
    [i18n],
  );
}
