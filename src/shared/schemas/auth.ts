import * as v from 'valibot';
import { MSG } from './messages';
import { isTimeZone } from '../format/display-format';

/** 24 h: the longest a token may live whatever the client asks. */
export const MAX_TOKEN_MS = 24 * 60 * 60 * 1000;

const expiresIn = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));

export const LoginSchema = v.object({
  username: v.pipe(
    v.optional(v.string(MSG.usernameRequired), ''),
    v.trim(),
    v.nonEmpty(MSG.usernameRequired),
    v.maxLength(100),
  ),
  password: v.pipe(v.optional(v.string(MSG.passwordRequired), ''), v.nonEmpty(MSG.passwordRequired), v.maxLength(200)),
  /** Milliseconds until the next local midnight on the user's device. */
  expiresIn: v.optional(expiresIn),
  /** ALTCHA solution (base64 payload), required after 3 failed attempts. */
  captcha: v.optional(v.string()),
});
export type LoginInput = v.InferOutput<typeof LoginSchema>;

export const TokenLoginSchema = v.object({ expiresIn: v.optional(expiresIn) });

/**
 * GET /auth/captcha/required: whether the next sign-in from this address (and for this username, when
 * given) must carry a solved captcha. An empty username asks about the address alone.
 */
export const CaptchaRequiredQuerySchema = v.object({
  username: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
});
export const CaptchaRequiredAnswerSchema = v.strictObject({ captchaRequired: v.boolean() });
export type CaptchaRequiredAnswer = v.InferOutput<typeof CaptchaRequiredAnswerSchema>;

/** GET /auth/captcha: an ALTCHA challenge (altcha-lib's v2 format; the widget reads it). */
export const CaptchaChallengeSchema = v.looseObject({
  parameters: v.looseObject({ algorithm: v.string(), nonce: v.string(), salt: v.string(), cost: v.number() }),
  signature: v.optional(v.string()),
});
const TIME_ZONE_MESSAGE = 'Time zone must be an IANA name such as America/Mexico_City';

export const RecoverSchema = v.object({
  username: v.pipe(
    v.optional(v.string(MSG.usernameRequired), ''),
    v.trim(),
    v.nonEmpty(MSG.usernameRequired),
    v.maxLength(100),
  ),
  /** ALTCHA solution (base64 payload), required when the server asks for one. */
  captcha: v.optional(v.pipe(v.string(), v.maxLength(20_000))),
  /** The device's IANA time zone: the mail says until when the link works in the user's own time. */
  timeZone: v.optional(v.pipe(v.string(), v.maxLength(64, TIME_ZONE_MESSAGE), v.check(isTimeZone, TIME_ZONE_MESSAGE))),
});
export type RecoverInput = v.InferOutput<typeof RecoverSchema>;

const newPassword = v.pipe(
  v.string(MSG.required),
  v.nonEmpty(MSG.required),
  v.minLength(8, MSG.passwordMin),
  v.maxLength(200),
);

const confirmation = v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required));

/**
 * A form that sets a new password: the password typed twice, next to the form's own `entries`. The
 * confirmation only lives on the form; its mismatch is said on the confirmation field.
 */
function newPasswordForm<E extends v.ObjectEntries>(entries: E) {
  return v.pipe(
    v.object({ ...entries, password: newPassword, confirmation }),
    // Checked as soon as both passwords are texts, even while one is too short or another field is
    // wrong, so the form shows every message at once.
    v.rawCheck(({ dataset, addIssue }) => {
      const value = dataset.value as { password?: unknown; confirmation?: unknown };
      const untyped = (dataset.issues ?? []).filter((issue) => issue.kind === 'schema');
      const failed = new Set(untyped.map((issue) => issue.path?.[0]?.key));
      if (failed.has('password') || failed.has('confirmation') || value.password === value.confirmation) return;
      const key = 'confirmation';
      addIssue({
        message: MSG.passwordMismatch,
        path: [{ type: 'object', origin: 'value', input: value, key, value: value.confirmation }],
      });
    }),
  );
}

/** The new password typed twice, from the mailed link. */
export const ChangePasswordFormSchema = newPasswordForm({});

/** PUT /auth/password: a new password, authorised by the mailed link's token. */
export const ChangePasswordSchema = v.object({
  password: newPassword,
  token: v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.maxLength(200)),
});

/** PUT /auth/password/own: a signed-in user changes their own password, proving the current one. */
export const ChangeOwnPasswordSchema = v.object({
  currentPassword: v.pipe(v.string(MSG.passwordRequired), v.nonEmpty(MSG.passwordRequired), v.maxLength(200)),
  password: newPassword,
  /** Milliseconds until the next local midnight: the session token that replaces the ended ones. */
  expiresIn: v.optional(expiresIn),
});

/** The signed-in user's own change: the current password, and the new one typed twice. */
export const ChangeOwnPasswordFormSchema = newPasswordForm({
  currentPassword: v.pipe(v.string(MSG.passwordRequired), v.nonEmpty(MSG.passwordRequired)),
});

export const FirebaseTokenSchema = v.object({ token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(4096)) });

/** Milliseconds from `now` to the next local midnight of the device (login). */
export function msUntilLocalMidnight(now: Date = new Date()): number {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return midnight.getTime() - now.getTime();
}
