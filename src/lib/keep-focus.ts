/**
 * After `control` leaves the page (its post was muted or deleted away), focus goes to the post now in its
 * place in the feed (or the one before), or to the collapsed reply's own line in a thread, never
 * to the page's start. Nothing happens if it stays.
 */
export function keepFocusAfterRemoval(control: HTMLElement): void {
  const feedItem = control.closest('[data-index]');
  const list = feedItem?.closest('[role="feed"]');
  const reply = control.closest('li');
  const index = Number(feedItem?.getAttribute('data-index') ?? -1);
  // A reply that leaves altogether (deleted): the one after it, or before it, takes its place.
  const neighbours = [reply?.nextElementSibling, reply?.previousElementSibling];
  const place = (): HTMLElement | null => {
    if (reply?.isConnected) return reply.querySelector<HTMLElement>('button, a[href]') ?? reply;
    const neighbour = neighbours.find((n) => n?.isConnected)?.querySelector<HTMLElement>('article');
    if (neighbour) {
      if (!neighbour.hasAttribute('tabindex')) neighbour.setAttribute('tabindex', '-1');
      return neighbour;
    }
    if (!list?.isConnected) return null;
    return (
      list.querySelector<HTMLElement>(`[data-index="${index}"] article`) ??
      list.querySelector<HTMLElement>(`[data-index="${index - 1}"] article`) ??
      (list as HTMLElement)
    );
  };
  const observer = new MutationObserver(() => {
    if (control.isConnected) return;
    observer.disconnect();
    place()?.focus();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 5_000);
}
