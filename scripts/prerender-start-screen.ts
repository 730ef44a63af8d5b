import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { createServer, transformWithOxc, type Plugin } from 'vite'

const placeholder = '<div id="start-screen"></div>'

/**
 * Fast start: the renderer's first screen, rendered at build time by the app's own components
 * (src/renderer/src/prerender.tsx), goes into index.html, so the payment ID field is on screen and
 * takes keystrokes while the scripts still load; src/renderer/src/shell/start-screen.ts hands it
 * over to React. The small classic script start-screen.js (from shell/start-screen-early.ts, no
 * inline script: the CSP forbids them) sets the colour scheme before the first paint and keeps an
 * early Enter.
 */
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
      async handler(html) {
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
          return html.replace(
            placeholder,
            `<div id="start-screen">${renderStartScreen()}</div>\n    <script src="./start-screen.js"></script>`,
          )
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
