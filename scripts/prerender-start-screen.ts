import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { createServer, minify, transformWithOxc, type IndexHtmlTransformContext, type Plugin } from 'vite'
import { appContentSecurityPolicy } from '../src/main/app-protocol'
import { pruneUnusedMantineCss } from './prune-mantine-css'

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>

const placeholder = '<div id="start-screen"></div>'

/**
 * Fast start: the renderer's first screen, rendered at build time by the app's own components
 * (src/renderer/src/prerender.tsx), goes into index.html, so the payment ID field is on screen and
 * takes keystrokes while the scripts still load; src/renderer/src/shell/start-screen.ts hands it
 * over to React. A small classic script (shell/start-screen-early.ts), inline in the head, sets the
 * colour scheme before the first paint and keeps an early Enter. Inline, the parser does not wait
 * for a second file before it reaches the screen; the CSP allows this one script by its hash
 * (appContentSecurityPolicy in src/main/app-protocol.ts, and index.html's copy) and no other.
 */

/** The CSP source that allows exactly `code` as an inline script. */
function scriptHashSource(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`
}

/**
 * The build stops if the policy does not allow this very script. The header's policy is checked;
 * test/main/app-protocol.test.ts keeps index.html's <meta> copy identical to it.
 */
function checkScriptAllowed(code: string): void {
  if (code.includes('</script')) throw new Error('start-screen-early.ts cannot be inlined: it contains </script')
  const allowed = `script-src 'self' ${scriptHashSource(code)};`
  if (!appContentSecurityPolicy.includes(allowed))
    throw new Error(
      `The start screen's script changed: the CSP (src/main/app-protocol.ts and src/renderer/index.html) must have ${allowed}`,
    )
}

/**
 * The first screen's stylesheet goes into index.html as a <style> (the CSP allows inline styles):
 * the start screen is painted from the one file, without waiting for a second request that blocks
 * rendering. Mantine's rules for components the app never uses are left out (prune-mantine-css.ts).
 * The file stays in the bundle for whatever else names it.
 */
function inlineStylesheets(html: string, bundle: OutputBundle): string {
  const code = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file.code] : []))
  return html.replace(/<link rel="stylesheet" crossorigin href="\.\/([^"]+\.css)">/g, (_link, fileName: string) => {
    const asset = bundle[fileName]
    if (asset?.type !== 'asset') throw new Error(`index.html links ${fileName}, which the bundle does not hold`)
    const source = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source)
    const css = pruneUnusedMantineCss(source, code)
    if (css.includes('</style')) throw new Error(`${fileName} cannot be inlined: it contains </style`)
    return `<style>${css}</style>`
  })
}

/** Vite's tags for the app's entry and the chunks it imports. */
const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/
const modulePreload = /<link rel="modulepreload" crossorigin href="[^"]+">/g

/**
 * The app's modules are neither fetched nor run before the start screen is painted: fetching and
 * compiling them while the page parses put the first paint off by 30-40 ms here. Their tags go into an
 * inert <template id="app-modules">, which the start screen's script puts into the head once the
 * screen is painted (start-screen-early.ts), the entry marked.
 */
function deferAppModules(html: string): string {
  const entry = entryScript.exec(html)?.[1]
  if (!entry) throw new Error("index.html has no module <script> for the app's entry")
  const preloads = html.match(modulePreload) ?? []
  const list = `<template id="app-modules"><link rel="modulepreload" crossorigin href="${entry}" data-app-entry>${preloads.join('')}</template>`
  return html.replace(modulePreload, '').replace(entryScript, () => list)
}

export function prerenderStartScreen(rendererRoot: string): Plugin {
  let early = ''
  return {
    name: 'payments-desk:prerender-start-screen',
    apply: 'build',
    async buildStart() {
      const file = join(rendererRoot, 'src/shell/start-screen-early.ts')
      const script = (await transformWithOxc(await readFile(file, 'utf8'), file, { lang: 'ts' })).code
      // Minified: its comments are for the source, and the page parses every byte before the screen.
      early = (await minify(file.replace(/\.ts$/, '.js'), script)).code
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!html.includes(placeholder)) throw new Error(`index.html has no ${placeholder} for the prerendered start screen`)
        const server = await createServer({
          configFile: false,
          root: rendererRoot,
          plugins: [react()],
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        })
        try {
          const { renderStartScreen } = (await server.ssrLoadModule('/src/prerender.tsx')) as { renderStartScreen: () => string }
          checkScriptAllowed(early)
          // The classic script goes first in the head, before the list of the app's modules and the stylesheet.
          return inlineStylesheets(deferAppModules(html), bundle ?? {})
            .replace('</title>', () => `</title>\n    <script>${early}</script>`)
            .replace(placeholder, () => `<div id="start-screen">${renderStartScreen()}</div>`)
        } finally {
          await server.close()
        }
      },
    },
  }
}
