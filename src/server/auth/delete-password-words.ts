import { randomBytes, randomInt } from 'node:crypto';

// Short plant and garden words staff can read out over the yard radio. Exactly 256, so each word
// is one random byte with no bias; the test checks the count, uniqueness and the entropy.
export const DELETE_PASSWORD_WORDS: readonly string[] = `
acorn alder almond aloe anise apple apricot arbor arnica ash aspen aster azalea balsam bamboo barley
basil bay bean beech beet begonia bergamot berry birch blossom bluebell borage box bracken bramble briar
broom bryony bud bulb burdock buttercup cabbage cactus camellia canna caraway carrot catkin catmint catnip cedar
celery chard cherry chestnut chicory chive clematis clover cob comfrey cone coral corn cosmos cotton cowslip
cress crocus cumin currant cypress daffodil dahlia daisy damson dill dock dogwood elder elm endive fennel
fern fescue fig fir flax fleece foxglove freesia fuchsia furze gardenia garlic gentian geranium ginger gorse
gourd grape grass hawthorn hazel heath heather hebe hemp herb hibiscus hickory holly hop hosta hyacinth
hyssop iris ivy jasmine juniper kale kelp kernel kiwi laurel lavender leaf leek lemon lentil lettuce
lichen lilac lily lime linden lotus lovage lupin maize mallow maple marigold marjoram medlar melon millet
mimosa mint moss mulberry mustard myrtle nettle nut oak oat okra olive onion orange orchid oregano
osier palm pampas pansy papaya parsley parsnip pea peach pear pecan peony pepper petal phlox pine
plum pollen poplar poppy potato primrose privet pumpkin quince quinoa radish raisin reed rhubarb rice rocket
root rose rosemary rowan rue rush rye saffron sage salvia sapling savory sedge sedum seed sesame
shallot shoot shrub sloe sorghum sorrel spinach sprout spruce squash stem stock straw sumac sunflower swede
sweetpea sycamore tamarind tansy taro tarragon tea teasel thistle thorn thyme tomato trefoil tulip turnip twig
verbena veronica vetch vine violet walnut wattle wheat willow wisteria woad yam yarrow yew yucca zinnia
`
  .trim()
  .split(/\s+/);

/** Four words and a three-digit number, e.g. `fern-tulip-oak-sage-417`: 4 x 8 + log2(900) = 41.8 bits. */
export function generateDeletePassword(): string {
  const words = [...randomBytes(4)].map((byte) => DELETE_PASSWORD_WORDS[byte]);
  return `${words.join('-')}-${randomInt(100, 1000)}`;
}

/** Bits of a generated password: what guessing it costs. */
export const DELETE_PASSWORD_BITS = 4 * Math.log2(DELETE_PASSWORD_WORDS.length) + Math.log2(900);
