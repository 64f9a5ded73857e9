/** Small inline icons (no emoji: not every system has an emoji font). */
const PATHS = {
  folder: 'M2 4.5A1.5 1.5 0 0 1 3.5 3h3l1.5 1.5h4.5A1.5 1.5 0 0 1 14 6v5.5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 11.5z',
  article: 'M4 2h5l3 3v9H4zM9 2v3h3M6 8h4M6 10.5h4',
  file: 'M10.5 5.5 6 10a1.5 1.5 0 0 0 2.1 2.1l5-5a2.8 2.8 0 0 0-4-4L4 8.3a4 4 0 0 0 5.7 5.7l3.8-3.8',
  lock: 'M4.5 7h7v6h-7zM6 7V5a2 2 0 0 1 4 0v2',
  link: 'M7 9a2.5 2.5 0 0 0 3.5 0l2-2A2.5 2.5 0 0 0 9 3.5l-.8.8M9 7a2.5 2.5 0 0 0-3.5 0l-2 2A2.5 2.5 0 0 0 7 12.5l.8-.8',
  image: 'M2.5 3.5h11v9h-11zM2.5 10.5l3-3 3 3 2-2 3 3M10 6.5a.5.5 0 1 0 0-.01',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, title }: { name: IconName; title?: string }) {
  return (
    <svg
      className={`kb-icon kb-icon--${name}`}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.3"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
