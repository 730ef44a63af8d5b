import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { createServer, transformWithOxc, type IndexHtmlTransformContext, type Plugin } from 'vite'

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>

const placeholder = '<div id="start-screen"></div>'

/**
 * Fast start: the renderer's first screen, rendered at build time by the app's own components
 * (src/renderer/src/prerender.tsx), goes into index.html, so the payment ID field is on screen and
 * takes keystrokes while the scripts still load; src/renderer/src/shell/start-screen.ts hands it
 * over to React. The small classic script start-screen.js (from shell/start-screen-early.ts, in the
 * head; no inline script: the CSP forbids them) sets the colour scheme before the first paint and
 * keeps an early Enter.
 */
/**
 * The first screen's stylesheet goes into index.html as a <style> (the CSP allows inline styles, not
 * inline scripts): the start screen is painted from the one file, without waiting for a second
 * request that blocks rendering. The file stays in the bundle for whatever else names it.
 */
function inlineStylesheets(html: string, bundle: OutputBundle): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="\.\/([^"]+\.css)">/g, (_link, fileName: string) => {
    const asset = bundle[fileName]
    if (asset?.type !== 'asset') throw new Error(`index.html links ${fileName}, which the bundle does not hold`)
    const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source)
    if (css.includes('</style')) throw new Error(`${fileName} cannot be inlined: it contains </style`)
    return `<style>${css}</style>`
  })
}

export function prerenderStartScreen(rendererRoot: string): Plugin {
  let early = ''
  return {
    name: 'payments-desk:prerender-start-screen',
    apply: 'build',
    async buildStart() {
      const file = join(rendererRoot, 'src/shell/start-screen-early.ts')
      early = (await transformWithOxc(await readFile(file, 'utf8'), file, { lang: 'ts' })).code
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
          // The classic script goes first in the head, before Vite's stylesheet and module tags.
          return inlineStylesheets(html, bundle ?? {})
            .replace('</title>', '</title>\n    <script src="./start-screen.js"></script>')
            .replace(placeholder, `<div id="start-screen">${renderStartScreen()}</div>`)
        } finally {
          await server.close()
        }
      },
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'start-screen.js', source: early })
    },
  }
}
