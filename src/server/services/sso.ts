/**
 * OpenID Connect sign-in (openid-client) for the two SSO buttons: authorization code flow with PKCE,
 * state and nonce. The pending sign-in (state, nonce, PKCE verifier) travels in an encrypted,
 * short-lived cookie rather than in one process's memory, so any process sharing the database can take
 * the callback; the state is spent in the database on first use, so a replayed callback is refused.
 */
import * as oidc from 'openid-client';
import { SSO_PROVIDERS, type SsoErrorReason, type SsoProvider } from '../../shared/schemas/sso';
import type { Config } from '../config';
import type { SsoIdentity } from '../repositories/sso';
import { Seal } from './seal';

/** How long a sign-in may take at the provider before its callback is refused. */
export const SSO_PENDING_SECONDS = 10 * 60;
/** How long the /token page has to take the session a finished sign-in hands over. */
export const SSO_HANDOFF_SECONDS = 2 * 60;

export interface SsoProviderSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** `{PUBLIC_URL}/api/auth/callback/{provider}`, registered at the provider. */
  redirectUri: URL;
}

export type SsoSettings = Record<SsoProvider, SsoProviderSettings | null>;

const ENV_PREFIX: Record<SsoProvider, string> = { supplier: 'OIDC_SUPPLIER_', employee: 'OIDC_EMPLOYEE_' };

/** 127.0.0.0/8, ::1 and localhost: addresses that never leave this machine. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * The providers configured in `config`, each with all three settings or none. A setting that cannot
 * work stops the start with its reason: a provider half set up, an issuer that is not a URL, or a
 * plain-http issuer beyond this machine (its tokens and user data would cross the network unprotected;
 * http is for a provider on loopback, as in tests).
 */
export function ssoSettings(config: Pick<Config, 'oidc' | 'publicUrl'>): SsoSettings {
  const settings: SsoSettings = { supplier: null, employee: null };
  for (const provider of SSO_PROVIDERS) {
    const prefix = ENV_PREFIX[provider];
    const { issuer, clientId, clientSecret } = config.oidc[provider];
    const given = { ISSUER: issuer, CLIENT_ID: clientId, CLIENT_SECRET: clientSecret };
    const missing = Object.entries(given)
      .filter(([, value]) => !value)
      .map(([name]) => prefix + name);
    if (missing.length === 3) continue;
    if (missing.length > 0) {
      throw new Error(
        `single sign-on (${provider}) needs ${prefix}ISSUER, ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET together; missing: ${missing.join(', ')}`,
      );
    }
    const issuerUrl = URL.parse(issuer!);
    if (!issuerUrl || (issuerUrl.protocol !== 'https:' && issuerUrl.protocol !== 'http:')) {
      throw new Error(`${prefix}ISSUER is not an https:// URL: ${issuer}`);
    }
    if (issuerUrl.protocol === 'http:' && !isLoopbackHost(issuerUrl.hostname)) {
      throw new Error(
        `${prefix}ISSUER must use https:// (http:// is accepted only on a loopback address such as 127.0.0.1): ${issuer}`,
      );
    }
    const publicUrl = URL.parse(config.publicUrl);
    if (!publicUrl || (publicUrl.protocol !== 'https:' && publicUrl.protocol !== 'http:')) {
      throw new Error(`PUBLIC_URL is not an http(s) URL, so no SSO redirect address can be made: ${config.publicUrl}`);
    }
    settings[provider] = {
      issuer: issuerUrl,
      clientId: clientId!,
      clientSecret: clientSecret!,
      redirectUri: new URL(`${config.publicUrl.replace(/\/+$/, '')}/api/auth/callback/${provider}`),
    };
  }
  return settings;
}

/** What the callback needs to finish a sign-in it started. */
export interface PendingSignIn {
  provider: SsoProvider;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A sign-in that ended on the login error page, with the reason the page explains. */
export class SsoError extends Error {
  constructor(
    readonly reason: SsoErrorReason,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** One provider: discovered on first use (a provider down at start does not stop the portal), then kept. */
export class SsoClient {
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(
    readonly provider: SsoProvider,
    readonly settings: SsoProviderSettings,
  ) {}

  private configuration(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    this.discovered ??= oidc
      .discovery(issuer, clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
        // ssoSettings() let plain http through only for a loopback issuer.
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        // Try again on the next click rather than remember a provider that was down once.
        this.discovered = undefined;
        throw new SsoError('sso-unavailable', `the ${this.provider} provider could not be reached`, { cause: error });
      });
    return this.discovered;
  }

  /** The provider's authorization URL and the pending sign-in to keep until the callback. */
  async begin(): Promise<{ url: URL; pending: PendingSignIn }> {
    const configuration = await this.configuration();
    const pending: PendingSignIn = {
      provider: this.provider,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.settings.redirectUri.href,
      scope: 'openid email profile',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, pending };
  }

  /**
   * Checks the provider's answer (`search`: the callback's query string) against the pending sign-in,
   * redeems the code and reads who signed in from userinfo.
   */
  async finish(search: string, pending: PendingSignIn): Promise<SsoIdentity> {
    const configuration = await this.configuration();
    const callbackUrl = new URL(this.settings.redirectUri);
    callbackUrl.search = search;
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      if (error instanceof oidc.AuthorizationResponseError) {
        throw new SsoError('sso-refused', `the ${this.provider} provider refused: ${error.error}`, { cause: error });
      }
      throw new SsoError('sso-failed', `the ${this.provider} sign-in could not be completed`, { cause: error });
    }
    const subject = tokens.claims()?.sub;
    if (!subject) throw new SsoError('sso-failed', 'the ID token names no subject');
    const info = await oidc.fetchUserInfo(configuration, tokens.access_token, subject).catch((error: unknown) => {
      throw new SsoError('sso-failed', `the ${this.provider} userinfo could not be read`, { cause: error });
    });
    return {
      // An address the provider itself says it has not verified could be anyone's: it names no account.
      email: info.email_verified === false ? undefined : info.email,
      preferredUsername: info.preferred_username,
    };
  }
}

/** The pending sign-in in its cookie, sent back only to its provider's callback. */
export const pendingSignInSeal = (secret: string) =>
  new Seal<PendingSignIn>(secret, 'portal sso pending sign-in cookie', SSO_PENDING_SECONDS, (payload) => {
    const { provider, state, nonce, codeVerifier } = payload as Partial<PendingSignIn>;
    if (!provider || !SSO_PROVIDERS.includes(provider) || !state || !nonce || !codeVerifier) return undefined;
    return { provider, state, nonce, codeVerifier };
  });

/** A finished sign-in waiting for its browser's /token page: the session token and a one-time id. */
export interface SignInHandoff {
  token: string;
  userId: number;
  id: string;
}

/**
 * The session a finished sign-in hands over, in an httpOnly cookie that only the hand-off route reads.
 * The token never travels in a URL (no log, Referer or history holds it), and only the browser whose
 * callback set the cookie can take it: a link cannot hand a session to someone else's browser.
 */
export const signInHandoffSeal = (secret: string) =>
  new Seal<SignInHandoff>(secret, 'portal sso sign-in hand-off cookie', SSO_HANDOFF_SECONDS, (payload) => {
    const { token, userId, id } = payload as Partial<SignInHandoff>;
    if (typeof token !== 'string' || typeof userId !== 'number' || typeof id !== 'string') return undefined;
    return { token, userId, id };
  });
