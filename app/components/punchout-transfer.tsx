/**
 * A punchout session's checkout: the cart goes back to the procurement system. A plain form, not
 * Remix's: its answer is a page of its own that posts the cart on to the system, with JavaScript
 * or without.
 */
export function TransferCartForm({ systemName }: { systemName: string }) {
  return (
    <form method="post" action="/punchout/transfer">
      <button
        type="submit"
        className="rounded-md bg-orange-800 px-5 py-2 font-semibold text-white hover:bg-orange-900 focus:outline-none focus:ring-2 focus:ring-orange-900 focus:ring-offset-2"
      >
        {`Transfer cart to ${systemName}`}
      </button>
    </form>
  );
}
