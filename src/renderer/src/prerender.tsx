// Build time only (electron.vite.config.ts loads it through Vite's SSR loader): never part of the bundle.
import { renderToStaticMarkup } from 'react-dom/server'
import { Root } from './root'

/** The start screen as React first draws it, for index.html: see shell/start-screen.ts for the hand-over. */
export function renderStartScreen(): string {
  return renderToStaticMarkup(<Root />)
}
