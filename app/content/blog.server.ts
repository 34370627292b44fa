import { Marked } from "marked";

// Code blocks scroll sideways, so keyboard users must be able to focus them (WCAG 2.1.1).
const markdown = new Marked({
  renderer: {
    code({ text, lang }) {
      const escaped = text.replace(
        /[&<>"]/g,
        (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!,
      );
      const label = lang ? ` aria-label="${lang} code example"` : ' aria-label="Code example"';
      return `<pre tabindex="0"${label}><code${lang ? ` class="language-${lang}"` : ""}>${escaped}</code></pre>\n`;
    },
  },
});

export type BlogPost = {
  slug: string;
  title: string;
  description: string;
  date: string;
  html: string;
};

// Vite bundles the Markdown files as strings; they are rendered to HTML once, on the server.
const files = import.meta.glob<string>("./blog/*.md", { query: "?raw", import: "default", eager: true });

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;

function parsePost(path: string, source: string): BlogPost {
  const slug = path.replace(/^.*\/(.+)\.md$/, "$1");
  const match = FRONT_MATTER.exec(source.replace(/\r\n/g, "\n"));
  if (!match) throw new Error(`Blog post ${path} has no front matter`);
  const meta = Object.fromEntries(
    match[1].split("\n").map((line) => {
      const separator = line.indexOf(":");
      return [line.slice(0, separator).trim(), line.slice(separator + 1).trim()];
    }),
  );
  for (const key of ["title", "description", "date"]) {
    if (!meta[key]) throw new Error(`Blog post ${path} is missing "${key}" in its front matter`);
  }
  // The posts are the store's own files in the repository, so their HTML is trusted.
  const html = markdown.parse(source.slice(match[0].length), { async: false });
  return { slug, title: meta.title, description: meta.description, date: meta.date, html };
}

const posts = Object.entries(files)
  .map(([path, source]) => parsePost(path, source))
  .sort((a, b) => b.date.localeCompare(a.date));

export function listPosts() {
  return posts.map(({ slug, title, description, date }) => ({ slug, title, description, date }));
}

export function getPost(slug: string) {
  return posts.find((post) => post.slug === slug);
}
