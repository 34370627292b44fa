/** Where payments go: printed on pro-forma invoices and invoices on account, and written into e-invoices. */
const bank = {
  name: "Example Bank plc",
  accountName: "Gearwright Parts Ltd.",
  sortCode: "000000",
  accountNumber: "00000000",
};

/** The company's own words and details. Edit this file to change the About and Contact pages. */
export const company = {
  legalName: "Gearwright Parts Ltd.",
  tagline: "Machine parts made to order since 2009",
  address: ["Unit 4, Foundry Park", "27 Mill Road", "Sheffield S3 8RT", "United Kingdom"],
  phone: "+44 114 496 0321",
  email: "sales@gearwright.example",
  hours: "Monday to Friday, 8:00 to 17:30 (UK time)",
  /** How to pay a pro-forma invoice or an invoice on account: printed on both. */
  bank,
  paymentInstructions:
    `Pay by bank transfer to ${bank.accountName}, ${bank.name}, sort code ${bank.sortCode.replace(/(\d\d)(?=\d)/g, "$1-")}, ` +
    `account ${bank.accountNumber}, quoting the order or invoice number.`,
};

export const about = {
  intro:
    "Gearwright Parts makes and stocks the mechanical parts that keep production lines, farm machinery and workshop tools turning: gears, bearings, drive components, couplings, shafts and fasteners.",
  sections: [
    {
      heading: "What we make",
      paragraphs: [
        "Our own workshop cuts spur, helical, bevel and worm gears from hardened steel and bronze, and grinds the teeth of the gears that must run quietly. Around them we stock the parts a drive needs: ball, roller and pillow block bearings, timing pulleys and belts, roller chain, jaw couplings, linear shafts, lead screws and grade 8.8 fasteners.",
        "Every part in the catalog lists the stock we hold right now, its supplier and its unit price, so what you see is what we can ship.",
      ],
    },
    {
      heading: "Who we make it for",
      paragraphs: [
        "Maintenance engineers who need a replacement bearing today, machine builders who order the same gear set every month, and makers who need one lead screw for a project. Most of our customers are small and medium-sized manufacturers in the UK and Europe.",
      ],
    },
    {
      heading: "How ordering works",
      paragraphs: [
        "Create an account, open a part and place an order with the quantity, your shipping address and a phone number. The stock is reserved the moment the order is placed, so two customers can never buy the same last part.",
        "Your dashboard lists every order with its status: pending while we pick and pack it, shipped when it leaves us, delivered when it arrives. A pending order can be cancelled from the dashboard and the parts go straight back into stock.",
        "Questions about fits, tolerances or larger quantities? Write to us from the contact page and an engineer will answer within one working day.",
      ],
    },
  ],
};
