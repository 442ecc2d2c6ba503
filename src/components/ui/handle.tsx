import { handleText } from '../../lib/bidi';

/**
 * An account's handle, `@name`, as every page shows it: isolated (`dir="auto"`: nothing in it
 * reorders the text around it) and in its own direction with the @ first, as identifiers are
 * written on a right-to-left page: a Latin handle reads "@ada" in Arabic too, an Arabic one reads
 * right to left with the @ on its right. Without its bidi controls (handleText): "\u202Enimda"
 * shows as "@nimda", never "@admin".
 */
export function Handle({ username, className }: { username: string; className?: string }) {
  return (
    <span className={className} dir="auto">
      @{handleText(username)}
    </span>
  );
}
