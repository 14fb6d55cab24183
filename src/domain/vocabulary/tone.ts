// The tones a value is shown in, as words rather than colours: each screen or PDF maps a tone to
// its own colours in a table of its own (Record<Tone, ...>), so a new tone is a compile error
// until every place that draws one knows it. The plant-label states use the same words.

export type Tone = 'neutral' | 'info' | 'good' | 'warning' | 'danger';
