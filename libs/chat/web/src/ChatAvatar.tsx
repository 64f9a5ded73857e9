/** Initials of a name for an avatar without a picture. */
export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '#'
  );
}

/** A round avatar (picture or initials). */
export function ChatAvatar({ name, src }: { name: string; src?: string | null }) {
  return (
    <span className="chat-avatar" aria-hidden="true">
      {src ? <img src={src} alt="" /> : initials(name)}
    </span>
  );
}
