// Uses the dialects of both good plugins.
module {
  "good.op"() : () -> ()
  "good2.op"() : () -> ()
}
