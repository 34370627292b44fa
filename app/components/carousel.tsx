import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

import { AppLink } from "~/components/app-link";

const slides = [
  {
    img: "/images/carousel/slide-1.svg",
    title: "Gears cut to your drawing",
    text: "Spur, helical, bevel and worm gears, hardened and ground.",
    cta: { to: "/items?q=gear", label: "Shop gears" },
  },
  {
    img: "/images/carousel/slide-2.svg",
    title: "Bearings that keep turning",
    text: "Ball, roller and pillow block bearings in stock today.",
    cta: { to: "/items?q=bearing", label: "Shop bearings" },
  },
  {
    img: "/images/carousel/slide-3.svg",
    title: "Drives for every line",
    text: "Chains, belts, pulleys and couplings for power transmission.",
    cta: { to: "/items", label: "Browse the catalog" },
  },
  {
    img: "/images/carousel/slide-4.svg",
    title: "Ordered today, shipped fast",
    text: "Live stock numbers and orders you can follow from your dashboard.",
    cta: { to: "/dashboard/my-order", label: "Follow your orders" },
  },
];

const AUTOPLAY_MS = 6000;

/**
 * WAI-ARIA carousel. Without JavaScript it is a scroll-snap strip you swipe or scroll; with it,
 * previous/next buttons, dots and an autoplay that stops on hover, on focus, on request, and never
 * starts for people who prefer reduced motion.
 */
export function Carousel() {
  const hydrated = useHydrated();
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [hoveredOrFocused, setHoveredOrFocused] = useState(false);

  useEffect(() => {
    setPlaying(!window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }, []);

  const goTo = useCallback((index: number) => {
    const track = trackRef.current;
    if (!track) return;
    const next = (index + slides.length) % slides.length;
    track.scrollTo({ left: next * track.clientWidth, behavior: "smooth" });
    setCurrent(next);
  }, []);

  useEffect(() => {
    if (!playing || hoveredOrFocused) return;
    const timer = window.setInterval(() => goTo(current + 1), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [playing, hoveredOrFocused, current, goTo]);

  const onScroll = () => {
    const track = trackRef.current;
    if (track) setCurrent(Math.round(track.scrollLeft / track.clientWidth));
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured parts"
      className="relative overflow-hidden rounded-xl bg-slate-200"
      onMouseEnter={() => setHoveredOrFocused(true)}
      onMouseLeave={() => setHoveredOrFocused(false)}
      onFocus={() => setHoveredOrFocused(true)}
      onBlur={() => setHoveredOrFocused(false)}
    >
      <div
        ref={trackRef}
        onScroll={onScroll}
        aria-live={playing && !hoveredOrFocused ? "off" : "polite"}
        className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none]"
      >
        {slides.map((slide, index) => (
          <div
            key={slide.img}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            className="relative w-full shrink-0 snap-start"
          >
            <img
              src={slide.img}
              alt=""
              width={1600}
              height={600}
              className="aspect-[16/9] w-full object-cover object-right sm:aspect-[8/3]"
              loading={index === 0 ? "eager" : "lazy"}
              // React 18 passes only the lowercase attribute through to the HTML.
              {...(index === 0 ? { fetchpriority: "high" } : {})}
            />
            <div className="absolute inset-y-0 left-0 flex w-full flex-col justify-center gap-2 bg-gradient-to-r from-slate-900/85 via-slate-900/50 to-transparent p-6 text-white sm:w-1/2 sm:p-10">
              <h2 className="text-xl font-bold sm:text-3xl">{slide.title}</h2>
              <p className="hidden text-sm sm:block sm:text-base">{slide.text}</p>
              <AppLink
                to={slide.cta.to}
                className="mt-2 w-fit rounded-md bg-orange-800 px-4 py-2 text-sm font-semibold hover:bg-orange-900"
                tabIndex={index === current ? 0 : -1}
              >
                {slide.cta.label}
              </AppLink>
            </div>
          </div>
        ))}
      </div>
      {/* The bar is there before the page runs (on a phone, below the slides): the controls that
          fill it once JavaScript runs move nothing on the page, which is then laid out once. */}
      <div className="flex h-10 items-center justify-center gap-3 bg-slate-800 [contain:size_layout] sm:absolute sm:inset-x-0 sm:bottom-3 sm:bg-transparent">
        {hydrated ? (
          <>
            <button
              type="button"
              onClick={() => setPlaying((value) => !value)}
              className="rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-slate-900 shadow"
            >
              {playing ? "Pause" : "Play"}
              <span className="sr-only"> slide rotation</span>
            </button>
            <button
              type="button"
              aria-label="Previous slide"
              onClick={() => goTo(current - 1)}
              className="rounded-full bg-white/90 px-3 py-1 font-bold text-slate-900 shadow"
            >
              ‹
            </button>
            <div className="flex gap-1">
              {slides.map((slide, index) => (
                // A 24 px target around a 12 px dot: small dots, fingers still hit them (WCAG 2.5.8).
                <button
                  key={slide.img}
                  type="button"
                  aria-label={`Go to slide ${index + 1}`}
                  aria-current={index === current ? "true" : undefined}
                  onClick={() => goTo(index)}
                  className="flex h-6 w-6 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden
                    className={`h-3 w-3 rounded-full border border-white shadow ${index === current ? "bg-orange-600" : "bg-white/70"}`}
                  />
                </button>
              ))}
            </div>
            <button
              type="button"
              aria-label="Next slide"
              onClick={() => goTo(current + 1)}
              className="rounded-full bg-white/90 px-3 py-1 font-bold text-slate-900 shadow"
            >
              ›
            </button>
          </>
        ) : (
          <p className="text-xs text-slate-100 sm:hidden">Swipe for more</p>
        )}
      </div>
    </section>
  );
}

/** The first slide's picture: the home page's largest paint, which its head asks for at once. */
export const FIRST_SLIDE_IMAGE = slides[0]!.img;
