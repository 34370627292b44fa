import { useLoaderData } from "@remix-run/react";

export function loader() {
  return {
    items: Array.from({ length: 20 }, (_, index) => ({
      id: index + 1,
      name: `Item ${index + 1}`,
      description: `The description of item ${index + 1}.`,
      price: 10 + index,
    })),
  };
}

export default function Index() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Items</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <h2>{item.name}</h2>
            <p>{item.description}</p>
            <p>{item.price}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
