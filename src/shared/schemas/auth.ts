import * as v from 'valibot';
import { MSG } from './messages';

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

export const RecoverSchema = v.object({
  username: v.pipe(v.optional(v.string(MSG.usernameRequired), ''), v.trim(), v.nonEmpty(MSG.usernameRequired)),
  captcha: v.optional(v.string()),
});

export const ChangePasswordFormSchema = v.pipe(
  v.object({
    password: v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.minLength(8, MSG.passwordMin)),
    confirmation: v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required)),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmation']],
      (input) => input.password === input.confirmation,
      MSG.passwordMismatch,
    ),
    ['confirmation'],
  ),
);

export const ChangePasswordSchema = v.object({
  password: v.pipe(v.string(MSG.required), v.minLength(8, MSG.passwordMin), v.maxLength(200)),
  token: v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required)),
});

export const FirebaseTokenSchema = v.object({ token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(4096)) });

/** Milliseconds from `now` to the next local midnight of the device (login). */
export function msUntilLocalMidnight(now: Date = new Date()): number {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return midnight.getTime() - now.getTime();
}
