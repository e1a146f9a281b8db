/**
 * Texts of the back-office payloads (contracts, carriers, suppliers, depots, settings, vehicles). The
 * spec's own texts are kept literally; where it gives none these are plain English that the client
 * translates by their exact wording.
 */
import { MSG } from './messages';

export const BACK_OFFICE_MSG = {
  required: MSG.required,
  body: 'Expected a JSON body wrapped in its object name',
  id: 'Must be a whole number of at least 1',
  page: 'page must be a whole number of at least 1',
  limit: 'limit must be a whole number from 1 to 1000',
  orderBy: 'orderBy must be ASC or DESC',
  search: 'Search text must be at most 100 characters',
  contractStatus: 'contractStatus must be active or inactive',
  // Contracts
  description: 'Description must be 1 to 200 characters',
  priceMin: 'Price must be at least 1',
  priceNumber: 'Price must be a number',
  priceInteger: 'Price must be a whole number',
  priceDecimals: 'Price can have at most 2 decimals',
  priceMax: 'Price is too large',
  date: 'The date must be a date (YYYY-MM-DD)',
  toBeforeFrom: 'The end date cannot be before the start date',
  fromAfterTo: 'The start date cannot be after the end date',
  contractEnded: 'The contract has ended, you can no longer change its conditions',
  // Carriers
  category: 'Category must be a whole number of at least 1',
  enabledForAlgorithm: 'enabledForAlgorithm must be true or false',
  noCarrierChanges: 'No changes were made to carrier',
  // Suppliers
  enabled: 'enabled must be true or false',
  destination: 'Destination must be a valid id',
  destinationUnknown: 'Destination not found',
  email: 'Enter a valid e-mail address',
  supplierDisabled: 'Your supplier account may not request tickets right now. Contact the administrator.',
  // Depots
  supplier: 'Supplier must be a valid id',
  supplierUnknown: 'Supplier not found',
  city: 'City must be 3 to 100 characters',
  address: 'Address must be 3 to 100 characters',
  latitude: 'Latitude must be a number from -90 to 90, with at most 8 decimals',
  longitude: 'Longitude must be a number from -180 to 180, with at most 8 decimals',
  location: 'Location must be a GeoJSON point [longitude, latitude]',
  depotDescription: 'Description must be at most 200 characters',
  borderCrossing: 'Border crossing must be a valid id',
  borderCrossingUnknown: 'Border crossing not found',
  // Settings
  settingValue: 'The value must be a whole number',
  allocationFrequency: 'Allocation time must be a whole number of hours, at least 0',
  deleteTicketsFrequency: 'Ticket expiry must be a whole number of days, at least 1',
  settingTooLarge: 'The value is too large',
  // Vehicles
  equipmentRequired: 'Car/Equipment is a required field',
  equipmentFormat: 'Car/Equipment must contain alphanumeric digits (min 6)',
  plateOrDescription: 'Enter a plate or a description',
  plate: 'Plate must be at most 20 characters',
  vehicleDescription: 'Description must be at most 200 characters',
  capacity: 'Capacity must be a positive number of lbs with at most 2 decimals',
  active: 'active must be true or false',
  equipmentTaken: 'This equipment id is already registered for your carrier',
} as const;
