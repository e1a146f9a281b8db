/**
 * General settings (admin /settings, PUT /configurations/{id}): ALLOCATION_FREQUENCY is how many hours
 * an offer waits before the next carrier is offered (0 = never), DELETE_TICKETS_FREQUENCY after how many
 * days PENDING and CONFIRMED tickets are removed (at least 1). The body carries only the value, so its
 * minimum depends on the stored key: `checkSetting` decides it for the form and the server alike.
 */
import * as v from 'valibot';
import { BACK_OFFICE_MSG as M } from './back-office-messages';
import { AnswerId, objectMessage } from './schema-helpers';

export const SETTING_KEYS = ['ALLOCATION_FREQUENCY', 'DELETE_TICKETS_FREQUENCY'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Minimum and maximum of each key (a year of hours; ten years of days). */
export const SETTING_LIMITS: Record<SettingKey, { min: number; max: number; message: string }> = {
  ALLOCATION_FREQUENCY: { min: 0, max: 8760, message: M.allocationFrequency },
  DELETE_TICKETS_FREQUENCY: { min: 1, max: 3650, message: M.deleteTicketsFrequency },
};

export const isSettingKey = (key: string): key is SettingKey => (SETTING_KEYS as readonly string[]).includes(key);

/** The value's problem for `key`, or null. Keys the portal does not know take any whole number >= 0. */
export function checkSetting(key: string, value: number): string | null {
  const limits = isSettingKey(key) ? SETTING_LIMITS[key] : { min: 0, max: 1_000_000, message: M.settingValue };
  if (!Number.isInteger(value) || value < limits.min) return limits.message;
  if (value > limits.max) return M.settingTooLarge;
  return null;
}

/** `value` as a JSON number or the digits of one (the spec stores configuration values as text). */
export const UpdateSettingSchema = v.object(
  {
    value: v.pipe(
      v.union([v.number(M.settingValue), v.string(M.settingValue)], M.settingValue),
      v.transform((x) => (typeof x === 'number' ? x : /^\s*-?\d+\s*$/.test(x) ? Number(x) : Number.NaN)),
      v.number(M.settingValue),
      v.integer(M.settingValue),
    ),
  },
  objectMessage(M.body),
);
export type UpdateSettingInput = v.InferOutput<typeof UpdateSettingSchema>;
export const UpdateSettingBodySchema = v.object({ settings: UpdateSettingSchema }, objectMessage(M.body));

export const ConfigurationViewSchema = v.strictObject({ id: AnswerId, key: v.string(), value: v.string() });
export type ConfigurationView = v.InferOutput<typeof ConfigurationViewSchema>;
