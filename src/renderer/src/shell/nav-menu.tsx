import { useEffect } from 'react'
import { Burger } from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { useNavigation } from '../stores/navigation-store'
import { mainContentId } from './skip-link'

/**
 * Below this width (Mantine's `sm`, 48em) the list of screens folds behind a menu button: at 200 %
 * zoom a 1280 px window is 640 CSS px wide, and a fixed 220 px column would leave the screen too
 * little room. Above it, the list stays in view.
 */
export const navMenuBreakpoint = 'sm'
const narrowQuery = '(max-width: 47.99em)'
export const navMenuId = 'screens-navigation'

export interface NavMenu {
  narrow: boolean
  opened: boolean
  toggle: () => void
  /** After a screen is chosen: folds the list away and, if it was open, moves the focus to the screen (the list goes inert). */
  chosen: () => void
}

/** Whether the folded list of screens is open; it closes once a screen is chosen (by click or shortcut). */
export function useNavMenu(): NavMenu {
  const narrow = useMediaQuery(narrowQuery)
  const [opened, { toggle, close }] = useDisclosure(false)
  const view = useNavigation((s) => s.view)
  useEffect(() => {
    close()
  }, [view, narrow, close])
  const chosen = () => {
    if (!narrow || !opened) return
    close()
    document.getElementById(mainContentId)?.focus()
  }
  return { narrow, opened, toggle, chosen }
}

/** The menu button, shown only where the list of screens is folded away. */
export function NavMenuButton({ menu }: { menu: NavMenu }) {
  return (
    <Burger
      hiddenFrom={navMenuBreakpoint}
      size="sm"
      opened={menu.opened}
      onClick={menu.toggle}
      aria-label="Screens menu"
      aria-expanded={menu.opened}
      aria-controls={navMenuId}
    />
  )
}
