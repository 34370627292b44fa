/** The shop's button look, for <button>s and for links that act as buttons. */
export function buttonClass(variant: "primary" | "secondary" | "danger" = "primary") {
  const base =
    "inline-flex items-center justify-center rounded-md px-4 py-2 text-sm font-semibold shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50";
  const variants = {
    primary: "bg-orange-800 text-white hover:bg-orange-900 focus-visible:ring-orange-800",
    secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:ring-slate-500",
    danger: "bg-red-800 text-white hover:bg-red-900 focus-visible:ring-red-800",
  };
  return `${base} ${variants[variant]}`;
}
