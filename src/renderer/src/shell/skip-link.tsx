import type { MouseEvent } from 'react'
import focusTarget from '../components/focus-target.module.css'
import classes from './skip-link.module.css'

export const mainContentId = 'main-content'
export const mainContentClass = focusTarget.target ?? ''

/**
 * The first Tab stop of every screen: jumps past the header and the navigation to the screen itself.
 * Focus is moved by hand: following the fragment would only scroll, and leave the focus behind.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    document.getElementById(mainContentId)?.focus()
  }
  return (
    <a href={`#${mainContentId}`} className={classes.link} onClick={skip}>
      Skip to main content
    </a>
  )
}
