// Counting words of the linking assistant (docs/decisions/066).

export const ordersWord = (n: number) => (n === 1 ? '1 order' : `${n} orders`);
/** "1 order has", "3 orders have". */
export const ordersHave = (n: number) => (n === 1 ? '1 order has' : `${n} orders have`);
export const customersWord = (n: number) => (n === 1 ? '1 customer' : `${n} customers`);
export const namesWord = (n: number) => (n === 1 ? '1 name' : `${n} names`);

/** A group's name and postcode as shown: "Hillside Garden Centre, GL7 1AB". */
export const nameWithPostcode = (group: { title: string; postcode: string }) =>
  group.postcode.trim() === '' ? group.title : `${group.title}, ${group.postcode}`;

/** "And 12 more names: ..." under a part of the plan that lists only its largest groups. */
export const moreSentence = (more: number) =>
  more === 0 ? null : `And ${namesWord(more)} more, each with fewer orders: they show here once these are done.`;
