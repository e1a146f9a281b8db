/**
 * A local stand-in for Google's HTTP endpoints that firebase-admin calls to send a push: the OAuth token
 * endpoint (a service account trades a signed JWT for an access token) and FCM v1 `messages:send`. The
 * app reaches it through FCM_ENDPOINT (see src/server/plugins/push.ts); firebase-admin runs unchanged.
 * It checks the JWT's RS256 signature against the generated service account's key and the bearer token
 * on every send, records the messages, and answers UNREGISTERED for the tokens it is told to.
 */
import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentMessage {
  token: string;
  notification?: { title?: string; body?: string };
  data?: Record<string, string>;
}

export interface FcmStandIn {
  /** Plain-HTTP address for FCM_ENDPOINT. */
  url: string;
  projectId: string;
  /** A service-account JSON for FIREBASE_CREDENTIALS (inline), with a fresh RSA key. */
  serviceAccountJson: string;
  /** Messages accepted by `messages:send`, in order. */
  messages: SentMessage[];
  /** Sends refused because the token was unregistered. */
  refused: string[];
  tokensIssued: number;
  /** From now on FCM answers 404 UNREGISTERED for this device token. */
  unregister(token: string): void;
  close(): Promise<void>;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function answer(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/** A JWT signed with RS256 by `publicKey`'s private half; the claims when it is. */
function verifiedClaims(jwt: string, publicKey: string): Record<string, unknown> | undefined {
  const [head, claims, signature] = jwt.split('.');
  if (!head || !claims || !signature) return undefined;
  const ok = createVerify('RSA-SHA256')
    .update(`${head}.${claims}`)
    .verify(publicKey, Buffer.from(signature, 'base64url'));
  return ok ? (JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>) : undefined;
}

export async function startFcmStandIn(): Promise<FcmStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const projectId = 'portal-stand-in';
  const clientEmail = `push@${projectId}.iam.gserviceaccount.com`;
  const accessTokens = new Set<string>();
  const unregistered = new Set<string>();
  const messages: SentMessage[] = [];
  const refused: string[] = [];
  let tokensIssued = 0;

  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'POST' && path === '/token') {
        const form = new URLSearchParams(body);
        const claims = verifiedClaims(form.get('assertion') ?? '', publicKey);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || claims?.iss !== clientEmail) {
          return answer(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        }
        const token = `ya29.stand-in-${randomBytes(8).toString('hex')}`;
        accessTokens.add(token);
        tokensIssued++;
        return answer(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      if (req.method === 'POST' && path === `/v1/projects/${projectId}/messages:send`) {
        const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!accessTokens.has(bearer)) {
          return answer(res, 401, {
            error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
          });
        }
        const { message } = JSON.parse(body) as { message: SentMessage };
        if (unregistered.has(message.token)) {
          refused.push(message.token);
          return answer(res, 404, {
            error: {
              code: 404,
              message: 'Requested entity was not found.',
              status: 'NOT_FOUND',
              details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
            },
          });
        }
        messages.push(message);
        return answer(res, 200, { name: `projects/${projectId}/messages/${messages.length}` });
      }
      return answer(res, 404, {
        error: { code: 404, message: `No stand-in for ${req.method} ${path}`, status: 'NOT_FOUND' },
      });
    })().catch((error: unknown) =>
      answer(res, 500, { error: { code: 500, message: String(error), status: 'INTERNAL' } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    projectId,
    serviceAccountJson: JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey,
      client_email: clientEmail,
      client_id: '100000000000000000001',
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
    messages,
    refused,
    get tokensIssued() {
      return tokensIssued;
    },
    unregister: (token) => void unregistered.add(token),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
