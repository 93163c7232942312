import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';

/**
 * A header menu on <details>: a native disclosure (keyboard and screen readers know it), closed again
 * when a link is chosen, on Esc (focus back to the summary) or on a click outside it.
 */
export function MenuDisclosure({ label, children, className }: { label: ReactNode; children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      ref.current?.querySelector('summary')?.focus();
    };
    const onClick = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  return (
    <details
      ref={ref}
      className={`menu${className ? ` ${className}` : ''}`}
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a, button.menu-item')) setOpen(false);
      }}
    >
      <summary>
        {label}
        <span className="menu-caret" aria-hidden="true" />
      </summary>
      <div className="menu-panel">{children}</div>
    </details>
  );
}

export type MenuLink = { to: string; label: string; end?: boolean };

/** One group of links in a menu, with an optional heading. */
export function MenuLinks({ heading, links, label }: { heading?: string; links: MenuLink[]; label: string }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={label}>
      {heading && <h2>{heading}</h2>}
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end ?? true}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
