// Renders resources/icon.svg to the PNG Electron uses, with Debian's Chromium.
// Run after editing the SVG: npx tsx scripts/render-icon.ts
import { readFile } from 'node:fs/promises'
import { chromium } from 'playwright-core'

const svg = await readFile('resources/icon.svg', 'utf8')
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage({ viewport: { width: 512, height: 512 } })
await page.setContent(`<body style="margin:0;background:transparent">${svg}</body>`)
await page.screenshot({ path: 'resources/icon.png', omitBackground: true })
await browser.close()
