// The details' price line: what inserting this asset costs, in a designer's words.
import { priceInWords } from "./detail-facts";

/**
 * What inserting costs: "1 credit to insert", "Already downloaded · no credit". A free asset's price
 * is not said beside a credit cost ("Free asset · 1 credit" read as a contradiction): the licence row
 * says what "free" means, free for any use. A price other than free leads ("Premium asset · ..."), and
 * a free one with no cost known says "Free asset" alone.
 */
export function PriceLine({ price, cost }: { price: string | undefined; cost: string | undefined }) {
  const costWords =
    cost && (/^\d/.test(cost) ? `${cost} to insert` : cost.charAt(0).toLowerCase() + cost.slice(1));
  const priceWords =
    price && !(costWords && price.trim().toLowerCase() === "free") ? `${priceInWords(price)} asset` : "";
  if (!priceWords && !costWords) return null;
  return (
    <p class="detail__price" data-testid="insert-price">
      {priceWords || null}
      {priceWords && costWords ? " · " : null}
      {costWords ? (
        <span data-testid="insert-cost">{priceWords ? costWords : humanFirst(costWords)}</span>
      ) : null}
    </p>
  );
}

const humanFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
