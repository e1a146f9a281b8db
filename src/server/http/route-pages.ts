/**
 * The app's page for a home path, naming its screen's files. A phone opening its list cold otherwise
 * learned of those files only once the app's entry had run and asked for the screen; named in the page,
 * they download while the page is parsed, alongside the entry (the build lists them per path in
 * route-preloads.json). Scripts are preloaded as modules and styles as styles, not applied: the screen
 * inserts its styles when it renders, from the browser's cache by then.
 *
 * The page also names the catalogue of the browser's language (its first Accept-Language, as the app
 * takes navigator.language when the user has not chosen one): a signed-in start loads it before it
 * renders anything.
 *
 * A home path whose screen is a ticket list also asks for that list from the page itself, with the
 * token the app keeps in localStorage, so the answer travels beside the screen's files instead of after
 * them; the app takes it as the list's first data (src/shared/domain/first-list.ts). The script is the
 * same on every page, reads its request from its own attributes, and is allowed by its hash in the
 * Content-Security-Policy (no inline script runs otherwise).
 *
 * Every other path gets index.html as it is. The pages are made and compressed once, at start.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../build/route-preloads';
import { firstListRequest, type HomeList } from '../../shared/domain/first-list';
import { LOCALES, localeOfLanguage, type AppLocale } from '../../shared/domain/locales';
import { negotiateEncoding } from './compression';

export interface RoutePage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const keyOf = (route: string, locale: AppLocale) => `${locale} ${route}`;

/**
 * Asks for the page's first list when a user of one of the path's roles is signed in and the address
 * has no query (filters, a search or another page make another request). It leaves the answer, or null
 * when there is none to use (offline, a 401, a server error), for the app in `window.__firstList`,
 * with the user it was asked for and when it was sent: the app uses it for that user only and treats it
 * as read then. It is sent exactly as written here (no build step touches server strings), so the hash
 * taken at start is the hash of what the browser runs; plain ES5, like a script no bundler sees. The
 * storage keys are the app's session store's (lib/session-store.ts).
 *
 * The hash allows this text wherever it stands, with whatever attributes: markup injected into a page
 * could copy it with an address of its own. So it sends the token to a ticket list of this origin's
 * API and nowhere else.
 */
export const FIRST_LIST_SCRIPT =
  '(function(s){try{' +
  "var t=localStorage.getItem('token'),u=JSON.parse(localStorage.getItem('user')||'null');" +
  "var l=s.getAttribute('data-url');" +
  "if(!t||!u||!u.roles||location.search||l.indexOf('/api/tickets?')!==0)return;" +
  "var r=s.getAttribute('data-roles').split(' ');" +
  'if(!u.roles.some(function(x){return r.indexOf(x.name)>=0}))return;' +
  'window.__firstList={userId:u.id,sentAt:Date.now(),' +
  "filters:JSON.parse(s.getAttribute('data-filters'))," +
  "answer:fetch(l,{headers:{Accept:'application/json',Authorization:'Bearer '+t}})" +
  '.then(function(a){return a.ok?a.json():null})' +
  '.catch(function(){return null})}' +
  '}catch(e){}})(document.currentScript)';

/** The Content-Security-Policy source that lets FIRST_LIST_SCRIPT, and no other inline script, run. */
export const FIRST_LIST_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_LIST_SCRIPT).digest('base64')}'`;

function firstListScript({ list, roles }: HomeList): string {
  const { url, filters } = firstListRequest(list);
  return (
    `<script data-url="${attribute(url)}" data-filters="${attribute(JSON.stringify(filters))}" ` +
    `data-roles="${attribute(roles.join(' '))}">${FIRST_LIST_SCRIPT}</script>`
  );
}

/**
 * Puts the list's script before the page's first script and style sheet: a classic script after a
 * style sheet waits for that sheet to arrive before it runs.
 */
function withFirstList(index: string, list: HomeList | undefined): string {
  if (!list) return index;
  const starts = ['<script type="module"', '<link rel="stylesheet"']
    .map((tag) => index.indexOf(tag))
    .filter((at) => at >= 0);
  if (starts.length === 0) return index;
  const at = Math.min(...starts);
  return index.slice(0, at) + firstListScript(list) + '\n    ' + index.slice(at);
}

/** The pages of the paths the build listed, by language and path; none when the build has no list. */
export function routePages(distDir: string): Map<string, RoutePage> {
  const pages = new Map<string, RoutePage>();
  const listFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(listFile)) return pages;
  const index = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  if (!index.includes('</head>')) return pages;
  const list = JSON.parse(readFileSync(listFile, 'utf8')) as RoutePreloads;
  for (const [route, { js, css, list: firstList }] of Object.entries(list.routes)) {
    const start = withFirstList(index, firstList);
    for (const locale of LOCALES) {
      const links = [
        ...(list.catalogues[locale] ?? []).map(
          (file) => `<link rel="modulepreload" crossorigin href="${attribute(file)}">`,
        ),
        ...js.map((file) => `<link rel="modulepreload" crossorigin href="${attribute(file)}">`),
        ...css.map((file) => `<link rel="preload" as="style" crossorigin href="${attribute(file)}">`),
      ].join('\n    ');
      const html = Buffer.from(start.replace('</head>', `  ${links}\n  </head>`));
      pages.set(keyOf(route, locale), {
        html,
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(html, { level: 9 }),
      });
    }
  }
  return pages;
}

/** The page of a request's path (a trailing slash ignored) in its language, if the build listed the path. */
export function routePageOf(
  pages: Map<string, RoutePage>,
  url: string,
  acceptLanguage: string | undefined,
): RoutePage | undefined {
  if (pages.size === 0) return undefined;
  const pathname = url.split('?')[0]!.replace(/\/+$/, '');
  // The first language of Accept-Language decides, as navigator.language does in the app.
  return pages.get(keyOf(pathname || '/', localeOfLanguage(acceptLanguage)));
}

/** Sends `page` compressed as the browser accepts it, by the same rule as every other answer (compression.ts). */
export function sendRoutePage(reply: FastifyReply, page: RoutePage, acceptEncoding: string | undefined) {
  const encoding = negotiateEncoding(acceptEncoding);
  void reply.header('Vary', 'Accept-Encoding, Accept-Language').type('text/html; charset=utf-8');
  if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(page.br);
  if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}
