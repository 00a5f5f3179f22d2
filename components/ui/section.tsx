'use client';

import { createContext, useContext, useId, useRef, useState, type ReactNode } from 'react';

/** Inside <CollapsibleSections>, sections fold to their heading below 768 px (a long page on a phone). */
const Collapsible = createContext(false);

export function CollapsibleSections({ children }: { children: ReactNode }) {
  return <Collapsible.Provider value={true}>{children}</Collapsible.Provider>;
}

/**
 * A white card section with a heading. Within <CollapsibleSections> (the customer 360), below 768 px
 * the heading is a button that shows or hides the body (folded at first unless it asks for
 * `attention`; the heading's actions stay in reach); from 768 px up every section is open and the
 * heading is plain text.
 */
export function Section({
  title,
  children,
  actions,
  id,
  attention = false,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  id?: string;
  /** something in it waits for the reader (a revision to answer): it starts open when folding, until the reader folds it */
  attention?: boolean;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, '-')}-title`;
  const collapsible = useContext(Collapsible);
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? attention;
  const bodyId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl bg-white shadow-card ${collapsible ? 'px-5 py-3 md:p-5' : 'p-5'}`}
      // acting in a section opens it: a dialog an action opens lives in the body, which folded would hide it
      // (not the toggle's own click: React re-renders between the capture and the bubble phase)
      onClickCapture={collapsible && !open ? (e) => !toggle.current?.contains(e.target as Node) && setToggled(true) : undefined}
      onSubmitCapture={collapsible && !open ? () => setToggled(true) : undefined}
    >
      <div className={`flex flex-wrap items-center justify-between gap-2 ${collapsible && !open ? 'md:mb-3' : 'mb-3'}`}>
        <h2 id={headingId} className="text-base font-semibold text-ink">
          {collapsible ? (
            <>
              <button ref={toggle} type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => setToggled(!open)} className="flex items-center gap-2 py-1 text-left md:hidden">
                <span aria-hidden className={`inline-block text-xs text-ink-muted transition-transform ${open ? 'rotate-90' : ''}`}>
                  ▶
                </span>
                {title}
              </button>
              <span className="hidden md:inline">{title}</span>
            </>
          ) : (
            title
          )}
        </h2>
        {actions}
      </div>
      <div id={bodyId} className={collapsible && !open ? 'hidden md:block' : undefined}>
        {children}
      </div>
    </section>
  );
}
