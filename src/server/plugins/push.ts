/**
 * Firebase Cloud Messaging through firebase-admin, when FIREBASE_CREDENTIALS names a service-account
 * JSON file or holds the JSON inline; without it `app.push` is null and events go to SSE only.
 *
 * firebase-admin has no emulator switch for messaging: it always calls https://fcm.googleapis.com.
 * FCM_ENDPOINT, for local testing only, hands firebase-admin an http.Agent (its `httpAgent` option) that
 * opens those connections as plain HTTP to the given address, where a stand-in answers; firebase-admin's
 * messaging code runs unchanged. Messages go over firebase-admin's HTTP/1.1 transport (the HTTP/2 one
 * ignores agents), in production too, so what the tests exercise is what runs. The service account's
 * OAuth token, though, is fetched by google-auth-library, which does not receive that agent from
 * `cert()`; with FCM_ENDPOINT set, a small credential makes the same JWT-bearer grant against the
 * stand-in's /token instead. In production `cert()` is used as is.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { createSign, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  cert,
  deleteApp,
  initializeApp,
  type Credential,
  type GoogleOAuthAccessToken,
  type ServiceAccount,
} from 'firebase-admin/app';
import { getMessaging, type Messaging } from 'firebase-admin/messaging';
import type { EventTitle, EventType } from '../repositories/events';

/** The push message, plus the provider (customs agent) that invoiced/customs name. */
export interface PushMessage {
  type: EventType;
  title: EventTitle;
  ticketNumber: number | null;
  supplierName: string | null;
  carrierName: string | null;
  providerName?: string | null;
}

export interface PushResult {
  sent: number;
  failed: number;
  /** Tokens FCM no longer accepts; the caller forgets them. */
  invalidTokens: string[];
}

export interface PushSender {
  send(tokens: readonly string[], message: PushMessage): Promise<PushResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSender | null;
  }
}

/** FCM's limit per multicast. */
const MULTICAST_MAX = 500;

/** Opens every connection, whatever host and port were asked for, as plain TCP to one address. */
class RedirectingAgent extends http.Agent {
  // firebase-admin asks for https URLs; the request is accepted only by an agent of that protocol.
  readonly protocol = 'https:';

  constructor(private readonly target: URL) {
    super({ keepAlive: false });
  }

  override createConnection(): Duplex {
    return net.createConnection({ host: this.target.hostname, port: Number(this.target.port || 80) });
  }
}

type AccountJson = ServiceAccount & { project_id?: string; client_email?: string; private_key?: string };

function readServiceAccount(value: string): AccountJson {
  const text = value.trim().startsWith('{') ? value : readFileSync(value, 'utf8');
  return JSON.parse(text) as AccountJson;
}

/** The service account's OAuth2 JWT-bearer grant, made against `${endpoint}/token` (FCM_ENDPOINT only). */
class EndpointCredential implements Credential {
  constructor(
    private readonly account: AccountJson,
    private readonly endpoint: string,
  ) {}

  async getAccessToken(): Promise<GoogleOAuthAccessToken> {
    const now = Math.floor(Date.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({
      iss: this.account.clientEmail ?? this.account.client_email,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: 'https://oauth2.googleapis.com/token',
      iat: now,
      exp: now + 3600,
    })}`;
    const signature = createSign('RSA-SHA256')
      .update(unsigned)
      .sign(this.account.privateKey ?? this.account.private_key ?? '');
    const res = await fetch(new URL('/token', this.endpoint), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${signature.toString('base64url')}`,
      }),
    });
    if (!res.ok) throw new Error(`token endpoint answered ${res.status}`);
    return (await res.json()) as GoogleOAuthAccessToken;
  }
}

/** FCM errors that mean the token itself is dead (uninstalled app, expired or malformed token). */
function isInvalidToken(error: { code?: string; message?: string } | undefined): boolean {
  if (!error) return false;
  if (
    error.code === 'messaging/registration-token-not-registered' ||
    error.code === 'messaging/invalid-registration-token'
  ) {
    return true;
  }
  // INVALID_ARGUMENT also covers a malformed message: only a complaint about the token removes it.
  return error.code === 'messaging/invalid-argument' && /registration token/i.test(error.message ?? '');
}

export class FirebasePush implements PushSender {
  constructor(private readonly messaging: Messaging) {}

  async send(tokens: readonly string[], message: PushMessage): Promise<PushResult> {
    const result: PushResult = { sent: 0, failed: 0, invalidTokens: [] };
    const trip = message.ticketNumber === null ? '' : `Trip ID ${message.ticketNumber}`;
    for (let i = 0; i < tokens.length; i += MULTICAST_MAX) {
      const batch = tokens.slice(i, i + MULTICAST_MAX);
      const response = await this.messaging.sendEachForMulticast({
        tokens: batch,
        notification: { title: message.type, body: trip },
        // FCM data values must be strings.
        data: {
          title: message.title,
          ticketNumber: message.ticketNumber === null ? '' : String(message.ticketNumber),
          supplierName: message.supplierName ?? '',
          carrierName: message.carrierName ?? '',
          providerName: message.providerName ?? '',
        },
      });
      result.sent += response.successCount;
      result.failed += response.failureCount;
      response.responses.forEach((r, index) => {
        if (!r.success && isInvalidToken(r.error)) result.invalidTokens.push(batch[index]!);
      });
    }
    return result;
  }
}

async function registerPush(app: FastifyInstance) {
  const credentials = app.config.firebaseCredentials;
  if (!credentials) {
    app.decorate('push', null);
    return;
  }
  const account = readServiceAccount(credentials);
  const endpoint = app.config.fcmEndpoint;
  const httpAgent = endpoint ? new RedirectingAgent(new URL(endpoint)) : undefined;
  const credential = endpoint ? new EndpointCredential(account, endpoint) : cert(account);
  // A unique name: tests build several apps in one process.
  const firebase = initializeApp(
    { credential, httpAgent, projectId: account.projectId ?? account.project_id },
    `portal-${randomUUID()}`,
  );
  const messaging = getMessaging(firebase);
  messaging.enableLegacyHttpTransport();
  app.decorate('push', new FirebasePush(messaging));
  app.addHook('onClose', async () => {
    await deleteApp(firebase);
    httpAgent?.destroy();
  });
}

export const pushPlugin = fp(registerPush, { name: 'push' });
