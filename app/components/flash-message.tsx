import { AppLink } from "~/components/app-link";
import type { Flash } from "~/web/flash.server";

export function FlashMessage({ flash }: { flash: Flash | null }) {
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-6xl px-4">
      {flash ? (
        <p
          className={`mt-4 rounded-md border px-4 py-3 text-sm font-medium ${
            flash.kind === "success"
              ? "border-green-300 bg-green-50 text-green-900"
              : "border-red-300 bg-red-50 text-red-900"
          }`}
        >
          {flash.message}
          {flash.links?.map((link) => (
            <AppLink key={link.href} to={link.href} className="ml-3 font-semibold underline">
              {link.label}
            </AppLink>
          ))}
        </p>
      ) : null}
    </div>
  );
}
