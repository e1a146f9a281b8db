/** Single sign-on: the two providers behind the /login/sso buttons and what the server tells the app. */
import * as v from 'valibot';

export const SSO_PROVIDERS = ['supplier', 'employee'] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

/** GET /auth/sso-providers: which buttons lead anywhere on this portal. */
export const SsoProvidersSchema = v.object({ supplier: v.boolean(), employee: v.boolean() });
export type SsoProviders = v.InferOutput<typeof SsoProvidersSchema>;

/**
 * Why a single sign-on ended on /login/login-error (`?reason=`): the page explains each one.
 * - sso-not-configured: the button's provider is not set up on this portal
 * - sso-unavailable: the provider could not be reached
 * - sso-refused: the provider answered with an error (the person cancelled, or was refused there)
 * - sso-failed: the answer could not be trusted (state missing, tampered, expired or spent; a bad code)
 * - unknown-user: the provider vouched for someone who has no active portal account
 */
export const SSO_ERROR_REASONS = [
  'sso-not-configured',
  'sso-unavailable',
  'sso-refused',
  'sso-failed',
  'unknown-user',
] as const;
export type SsoErrorReason = (typeof SSO_ERROR_REASONS)[number];
