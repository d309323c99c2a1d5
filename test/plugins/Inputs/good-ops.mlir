// Uses the good plugin's dialect (which accepts any operation).
module {
  "good.op"() : () -> ()
}
