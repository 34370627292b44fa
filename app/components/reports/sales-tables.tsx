import { type Column, DataTable } from "~/components/ui/data-table";
import { useFormatPrice } from "~/components/use-money";
import type { BuyerSales, MonthSales, PartSales } from "~/models/reports.server";

// The report page's tables: sales by month, by part and by buyer, net of credit notes.

export function MonthSalesTable({ months }: { months: MonthSales[] }) {
  const formatPrice = useFormatPrice();
  const columns: Column<MonthSales>[] = [
    { header: "Month", cell: (month) => month.month },
    { header: "Invoices", cell: (month) => month.invoices, align: "right" },
    { header: "Credit notes", cell: (month) => month.creditNotes, align: "right" },
    { header: "Net sales", cell: (month) => formatPrice(month.netCents), align: "right" },
    { header: "VAT", cell: (month) => formatPrice(month.vatCents), align: "right" },
  ];
  return <DataTable rows={months} columns={columns} rowKey={(month) => month.month} />;
}

export function PartSalesTable({ parts }: { parts: PartSales[] }) {
  const formatPrice = useFormatPrice();
  const columns: Column<PartSales>[] = [
    { header: "Part number", cell: (part) => part.partNumber, className: "break-all" },
    { header: "Part", cell: (part) => part.name },
    { header: "Quantity", cell: (part) => part.quantity, align: "right" },
    { header: "Net sales", cell: (part) => formatPrice(part.netCents), align: "right" },
  ];
  return <DataTable rows={parts} columns={columns} rowKey={(part) => part.partNumber} />;
}

export function BuyerSalesTable({ buyers }: { buyers: BuyerSales[] }) {
  const formatPrice = useFormatPrice();
  const columns: Column<BuyerSales>[] = [
    { header: "Buyer", cell: (buyer) => `${buyer.buyer}${buyer.kind === "company" ? "" : " (customer)"}` },
    { header: "Documents", cell: (buyer) => buyer.documents, align: "right" },
    { header: "Net sales", cell: (buyer) => formatPrice(buyer.netCents), align: "right" },
    { header: "VAT", cell: (buyer) => formatPrice(buyer.vatCents), align: "right" },
  ];
  return <DataTable rows={buyers} columns={columns} rowKey={(buyer) => `${buyer.kind} ${buyer.buyer}`} />;
}
