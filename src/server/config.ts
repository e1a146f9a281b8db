/**
 * Server configuration, read once from the environment (see .env.example) through one valibot schema:
 * a value that cannot work (a port that is not a number, a malformed URL) stops the start with a message
 * naming the variable, instead of surfacing later as a confusing failure.
 */
import path from 'node:path';
import * as v from 'valibot';
import { resolveKey } from './secret-key';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Signs the session tokens: `JWT_SECRET`, else a random key kept in DATA_DIR/jwt-secret.key. */
  jwtSecret: string;
  /** SEED_DEMO: true seeds any empty database, false none; unset seeds only an empty embedded one. */
  seedDemo: boolean | undefined;
  captchaEnabled: boolean;
  /** Signs the captcha challenges: `CAPTCHA_HMAC_KEY`, else a random key kept in DATA_DIR (never derived from another value). */
  captchaHmacKey: string;
  /** Key files this start created (logged once the logger exists). */
  createdKeyFiles: string[];
  smtpUrl: string | undefined;
  /** Sender of the portal's mail (`MAIL_FROM`); unset, "Scrap Portal" <no-reply@ the PUBLIC_URL host>. */
  mailFrom: string | undefined;
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
  /** How long a stop (SIGTERM/SIGINT) may wait for requests, jobs and the database before the process exits anyway. */
  shutdownTimeoutSeconds: number;
  /**
   * How long one multipart upload may take to arrive whole (seconds); a body that trickles in longer is
   * cut, so slow senders cannot hold sockets and half-written files open without bound.
   */
  uploadTimeoutSeconds: number;
  oidc: {
    supplier: { issuer?: string; clientId?: string; clientSecret?: string };
    employee: { issuer?: string; clientId?: string; clientSecret?: string };
  };
}

/** A setting that cannot work; its message names every bad variable. */
export class ConfigError extends Error {}

// An unset variable and an empty one mean the same: the default.
const optional = <T extends v.GenericSchema<string, unknown>>(schema: T) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => (value === '' ? undefined : value)),
      v.optional(schema),
    ),
  );

const whole = (min: number, max: number, what: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `must be ${what}`),
    v.transform(Number),
    v.number(),
    v.minValue(min, `must be ${what}`),
    v.maxValue(max, `must be ${what}`),
  );

const flag = v.pipe(
  v.string(),
  v.transform((value) => value.toLowerCase()),
  v.picklist(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'], 'must be true or false'),
  v.transform((value) => ['1', 'true', 'yes', 'on'].includes(value)),
);

const urlWith = (protocols: string[]) =>
  v.pipe(
    v.string(),
    v.url('must be a URL'),
    v.check(
      (value) => protocols.includes(new URL(value).protocol),
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    ),
  );
const httpUrl = urlWith(['http:', 'https:']);

// A host name (letters, digits, dots, dashes) or an IPv4/IPv6 address.
const host = v.pipe(
  v.string(),
  v.check(
    (value) => /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(value) || /^[0-9a-f:.]+$/i.test(value),
    'must be a host name or an IP address',
  ),
);

/** An address (`no-reply@example.com`) or a name with one (`"Scrap Portal" <no-reply@example.com>`). */
const mailbox = v.pipe(
  v.string(),
  v.check(
    (value) => /^[^\s@<>]+@[^\s@<>]+$|^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(value.trim()),
    'must be an e-mail address, or a name and an address in <>',
  ),
);

export const EnvSchema = v.object({
  PORT: optional(whole(0, 65535, 'a port number from 0 to 65535')),
  HOST: optional(host),
  DATA_DIR: optional(v.string()),
  DATABASE_URL: optional(urlWith(['postgres:', 'postgresql:'])),
  JWT_SECRET: optional(v.string()),
  SEED_DEMO: optional(flag),
  CAPTCHA_ENABLED: optional(flag),
  CAPTCHA_HMAC_KEY: optional(v.string()),
  SMTP_URL: optional(urlWith(['smtp:', 'smtps:'])),
  MAIL_FROM: optional(mailbox),
  PUBLIC_URL: optional(httpUrl),
  DIST_DIR: optional(v.string()),
  JOBS_ENABLED: optional(flag),
  LOG_LEVEL: optional(
    v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be error, warn, info or debug'),
  ),
  LOG_FORMAT: optional(v.picklist(['pretty', 'json'], 'must be pretty or json')),
  NODE_ENV: optional(v.string()),
  LOGIN_RATE_LIMIT: optional(whole(1, 1_000_000, 'a whole number of attempts, at least 1')),
  TRUST_PROXY: optional(v.string()),
  FIREBASE_CREDENTIALS: optional(v.string()),
  FCM_ENDPOINT: optional(httpUrl),
  EVENTS_POLL_SECONDS: optional(whole(1, 3600, 'a whole number of seconds from 1 to 3600')),
  SHUTDOWN_TIMEOUT_SECONDS: optional(whole(1, 3600, 'a whole number of seconds from 1 to 3600')),
  UPLOAD_TIMEOUT_SECONDS: optional(whole(1, 3600, 'a whole number of seconds from 1 to 3600')),
  OIDC_SUPPLIER_ISSUER: optional(httpUrl),
  OIDC_SUPPLIER_CLIENT_ID: optional(v.string()),
  OIDC_SUPPLIER_CLIENT_SECRET: optional(v.string()),
  OIDC_EMPLOYEE_ISSUER: optional(httpUrl),
  OIDC_EMPLOYEE_CLIENT_ID: optional(v.string()),
  OIDC_EMPLOYEE_CLIENT_SECRET: optional(v.string()),
});

export type Env = v.InferOutput<typeof EnvSchema>;

/** Parses the environment; throws a ConfigError naming each bad variable and its value. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = v.safeParse(EnvSchema, env);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => {
    const name = v.getDotPath(issue) ?? 'configuration';
    const value = env[name];
    // Secrets are never echoed back.
    const shown = /SECRET|KEY|PASSWORD|CREDENTIALS/.test(name) ? '' : ` (got ${JSON.stringify(value)})`;
    return `${name} ${issue.message}${shown}`;
  });
  throw new ConfigError(problems.join('; '));
}

/**
 * LOG_FORMAT when given; otherwise JSON in production or when the output is not a terminal (a log
 * collector, a test), readable lines in a development terminal.
 */
function logFormatOf(env: Env, terminal: boolean): Config['logFormat'] {
  if (env.LOG_FORMAT) return env.LOG_FORMAT;
  return env.NODE_ENV !== 'production' && terminal ? 'pretty' : 'json';
}

export function loadConfig(
  rawEnv: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
  terminal: boolean = process.stdout.isTTY === true,
): Config {
  const env = parseEnv(rawEnv);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = env.PORT ?? 3000;
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
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: jwtKey.key,
    seedDemo: env.SEED_DEMO,
    captchaEnabled: env.CAPTCHA_ENABLED ?? true,
    captchaHmacKey: captchaKey.key,
    createdKeyFiles: [jwtKey.createdFile, captchaKey.createdFile].filter((file): file is string => !!file),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    jobsEnabled: env.JOBS_ENABLED ?? true,
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormatOf(env, terminal),
    loginRateLimit: env.LOGIN_RATE_LIMIT ?? 20,
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
    firebaseCredentials: env.FIREBASE_CREDENTIALS,
    fcmEndpoint: env.FCM_ENDPOINT,
    eventsPollSeconds: env.EVENTS_POLL_SECONDS ?? 5,
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS ?? 10,
    uploadTimeoutSeconds: env.UPLOAD_TIMEOUT_SECONDS ?? 120,
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
