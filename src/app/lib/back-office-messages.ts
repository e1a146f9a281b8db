/**
 * The back office's texts: the spec's literal toasts and the server's validation texts of
 * src/shared/schemas/back-office-messages.ts, mapped to catalogue entries by their exact wording.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { BACK_OFFICE_MSG as M } from '../../shared/schemas/back-office-messages';

export const BACK_OFFICE_TOASTS = {
  carriersCountError: 'Error al obtener los datos de carriers',
  configUpdated: 'Configuration has been updated',
  configError: 'Error trying to update configuration',
  configLoadError: 'Error retrieving configuration properties',
  depotCreated: 'New Depot added successfully',
  depotDuplicate: 'Error: Duplicate Depot values',
  depotError: 'Failed to create depot',
  suppliersError: 'Error al obtener los suppliers',
  depotsError: 'Error al obtener los depots',
  carriersError: 'Error al obtener los carriers',
} as const;

export const BACK_OFFICE_KNOWN: Record<string, MessageDescriptor> = {
  [BACK_OFFICE_TOASTS.carriersCountError]: msg`Error retrieving the carriers' figures`,
  [BACK_OFFICE_TOASTS.configUpdated]: msg`Configuration has been updated`,
  [BACK_OFFICE_TOASTS.configError]: msg`Error trying to update configuration`,
  [BACK_OFFICE_TOASTS.configLoadError]: msg`Error retrieving configuration properties`,
  [BACK_OFFICE_TOASTS.depotDuplicate]: msg`Error: Duplicate Depot values`,
  [BACK_OFFICE_TOASTS.depotError]: msg`Failed to create depot`,
  [BACK_OFFICE_TOASTS.suppliersError]: msg`Error retrieving the suppliers`,
  [BACK_OFFICE_TOASTS.depotsError]: msg`Error retrieving the depots`,
  [M.description]: msg`Description must be 1 to 200 characters`,
  [M.priceMin]: msg`Price must be at least 1`,
  [M.priceInteger]: msg`Price must be a whole number`,
  [M.priceNumber]: msg`Price must be a number`,
  [M.priceDecimals]: msg`Price can have at most 2 decimals`,
  [M.priceMax]: msg`Price is too large`,
  [M.date]: msg`The date must be a date (YYYY-MM-DD)`,
  [M.toBeforeFrom]: msg`The end date cannot be before the start date`,
  [M.fromAfterTo]: msg`The start date cannot be after the end date`,
  [M.contractEnded]: msg`The contract has ended, you can no longer change its conditions`,
  [M.category]: msg`Category must be a whole number of at least 1`,
  [M.noCarrierChanges]: msg`No changes were made to carrier`,
  [M.destinationUnknown]: msg`Destination not found`,
  [M.email]: msg`Enter a valid e-mail address`,
  [M.supplierDisabled]: msg`Your supplier account may not request tickets right now. Contact the administrator.`,
  [M.supplier]: msg`Supplier must be a valid id`,
  [M.supplierUnknown]: msg`Supplier not found`,
  [M.city]: msg`City must be 3 to 100 characters`,
  [M.address]: msg`Address must be 3 to 100 characters`,
  [M.latitude]: msg`Latitude must be a number from -90 to 90, with at most 8 decimals`,
  [M.longitude]: msg`Longitude must be a number from -180 to 180, with at most 8 decimals`,
  [M.depotDescription]: msg`Description must be at most 200 characters`,
  [M.borderCrossing]: msg`Border crossing must be a valid id`,
  [M.borderCrossingUnknown]: msg`Border crossing not found`,
  [M.settingValue]: msg`The value must be a whole number`,
  [M.allocationFrequency]: msg`Allocation time must be a whole number of hours, at least 0`,
  [M.deleteTicketsFrequency]: msg`Ticket expiry must be a whole number of days, at least 1`,
  [M.settingTooLarge]: msg`The value is too large`,
  [M.plateOrDescription]: msg`Enter a plate or a description`,
  [M.plate]: msg`Plate must be at most 20 characters`,
  [M.capacity]: msg`Capacity must be a positive number of lbs with at most 2 decimals`,
  [M.equipmentTaken]: msg`This equipment id is already registered for your carrier`,
};
