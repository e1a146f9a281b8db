/** Server configuration, read once from the environment (see .env.example). */
import path from 'node:path';
import { resolveKey } from './secret-key';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Signs the session tokens: `JWT_SECRET`, else a random key kept in DATA_DIR/jwt-secret.key. */
  jwtSecret: string;
  seedDemo: boolean;
  captchaEnabled: boolean;
  /** Signs the captcha challenges: `CAPTCHA_HMAC_KEY`, else a random key kept in DATA_DIR (never derived from another value). */
  captchaHmacKey: string;
  /** Key files this start created (logged once the logger exists). */
  createdKeyFiles: string[];
  smtpUrl: string | undefined;
  publicUrl: string;
  distDir: string;
  jobsEnabled: boolean;
  logLevel: string;
  /** 'pretty' (readable lines, for a terminal in development) or 'json' (one JSON object a line). */
  logFormat: 'pretty' | 'json';
  loginRateLimit: number;
  /**
   * Proxies whose `X-Forwarded-For` is believed (addresses or CIDR ranges, from TRUST_PROXY); empty: none,
   * so the client address is the peer's and a rotated header cannot dodge rate limits or the failure counter.
   */
  trustProxy: string[];
  firebaseCredentials: string | undefined;
  /** Local testing only: send firebase-admin's HTTPS traffic as plain HTTP to this address (an FCM stand-in). */
  fcmEndpoint: string | undefined;
  /** How often each process looks for undelivered events even without a nudge (seconds). */
  eventsPollSeconds: number;
  oidc: {
    supplier: { issuer?: string; clientId?: string; clientSecret?: string };
    employee: { issuer?: string; clientId?: string; clientSecret?: string };
  };
}

const bool = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

/**
 * LOG_FORMAT when given; otherwise JSON in production or when the output is not a terminal (a log
 * collector, a test), readable lines in a development terminal.
 */
function logFormatOf(env: NodeJS.ProcessEnv, terminal: boolean): Config['logFormat'] {
  if (env.LOG_FORMAT === 'pretty' || env.LOG_FORMAT === 'json') return env.LOG_FORMAT;
  return env.NODE_ENV !== 'production' && terminal ? 'pretty' : 'json';
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
  terminal: boolean = process.stdout.isTTY === true,
): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  // Token signing key: JWT_SECRET, else a random key kept in DATA_DIR; never a value from the source.
  const jwtKey =
    overrides.jwtSecret === undefined
      ? resolveKey('JWT_SECRET', env.JWT_SECRET, path.join(overrides.dataDir ?? dataDir, 'jwt-secret.key'))
      : { key: overrides.jwtSecret };
  const captchaKey =
    overrides.captchaHmacKey === undefined
      ? resolveKey(
          'CAPTCHA_HMAC_KEY',
          env.CAPTCHA_HMAC_KEY,
          path.join(overrides.dataDir ?? dataDir, 'captcha-hmac.key'),
        )
      : { key: overrides.captchaHmacKey };
  return {
    port,
    // Only this machine by default; HOST=0.0.0.0 (or an address) opens it to the network.
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: jwtKey.key,
    seedDemo: bool(env.SEED_DEMO, false),
    captchaEnabled: bool(env.CAPTCHA_ENABLED, true),
    captchaHmacKey: captchaKey.key,
    createdKeyFiles: [jwtKey.createdFile, captchaKey.createdFile].filter((file): file is string => !!file),
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    jobsEnabled: bool(env.JOBS_ENABLED, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormatOf(env, terminal),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 20),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
    firebaseCredentials: env.FIREBASE_CREDENTIALS || undefined,
    fcmEndpoint: env.FCM_ENDPOINT || undefined,
    eventsPollSeconds: Number(env.EVENTS_POLL_SECONDS ?? 5),
    oidc: {
      supplier: {
        issuer: env.OIDC_SUPPLIER_ISSUER,
        clientId: env.OIDC_SUPPLIER_CLIENT_ID,
        clientSecret: env.OIDC_SUPPLIER_CLIENT_SECRET,
      },
      employee: {
        issuer: env.OIDC_EMPLOYEE_ISSUER,
        clientId: env.OIDC_EMPLOYEE_CLIENT_ID,
        clientSecret: env.OIDC_EMPLOYEE_CLIENT_SECRET,
      },
    },
    ...overrides,
  };
}
