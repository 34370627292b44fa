import { ConfirmAction } from "~/components/confirm-action";
import { DELETE_PRODUCT_QUESTION } from "~/validation/product";

/** The edit page's last section: Delete, asked first, done by the product list's action. */
export function DeletePartSection({ item }: { item: { id: number; name: string } }) {
  return (
    <section aria-labelledby="delete-heading" className="mt-10 max-w-2xl rounded-lg border border-red-200 p-4">
      <h2 id="delete-heading" className="text-lg font-semibold">
        Delete this part
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Removes it from the catalog for good, with every picture and document no other part shows. A part on an open
        order cannot be deleted; delivered and cancelled orders keep its name and price.
      </p>
      <div className="mt-3">
        {/* The product list does the deleting, and asks first there too when JavaScript is off. */}
        <ConfirmAction
          label="Delete"
          accessibleLabel={`Delete ${item.name}`}
          question={DELETE_PRODUCT_QUESTION}
          confirmLabel="OK"
          action="/dashboard/manage-product"
          fallbackHref={`/dashboard/manage-product?delete=${item.id}`}
          fields={{ itemId: item.id }}
          intent="delete"
        />
      </div>
    </section>
  );
}
