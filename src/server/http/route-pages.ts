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
 * Every other path gets index.html as it is. The pages are made and compressed once, at start.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../build/route-preloads';
import { LOCALES, localeOfLanguage, type AppLocale } from '../../shared/domain/locales';

export interface RoutePage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const keyOf = (route: string, locale: AppLocale) => `${locale} ${route}`;

/** The pages of the paths the build listed, by language and path; none when the build has no list. */
export function routePages(distDir: string): Map<string, RoutePage> {
  const pages = new Map<string, RoutePage>();
  const listFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(listFile)) return pages;
  const index = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  if (!index.includes('</head>')) return pages;
  const list = JSON.parse(readFileSync(listFile, 'utf8')) as RoutePreloads;
  for (const [route, { js, css }] of Object.entries(list.routes)) {
    for (const locale of LOCALES) {
      const links = [
        ...(list.catalogues[locale] ?? []).map(
          (file) => `<link rel="modulepreload" crossorigin href="${attribute(file)}">`,
        ),
        ...js.map((file) => `<link rel="modulepreload" crossorigin href="${attribute(file)}">`),
        ...css.map((file) => `<link rel="preload" as="style" crossorigin href="${attribute(file)}">`),
      ].join('\n    ');
      const html = Buffer.from(index.replace('</head>', `  ${links}\n  </head>`));
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

/** Sends `page` compressed as the browser accepts it. */
export function sendRoutePage(reply: FastifyReply, page: RoutePage, acceptEncoding: string | undefined) {
  const encoding = acceptEncoding ? negotiate(acceptEncoding, ['br', 'gzip']) : undefined;
  void reply.header('Vary', 'Accept-Encoding, Accept-Language').type('text/html; charset=utf-8');
  if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(page.br);
  if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}
