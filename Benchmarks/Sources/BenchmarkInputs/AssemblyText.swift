/// A generated assembly of `count` components in the shape of the examples:
/// singletons with initializer arguments, prototypes with properties and
/// references, collections and placeholders.
public enum AssemblyText {
    public static func generate(components count: Int) -> [UInt8] {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<assembly xmlns=\"http://www.typhoonframework.org/schema/assembly\">\n"
        text.reserveCapacity(count * 260)
        for index in 0..<count {
            switch index % 4 {
            case 0:
                text += "    <component class=\"CampaignQuest\" key=\"quest\(index)\" scope=\"singleton\" lazy-init=\"yes\">\n"
                    + "        <initializer selector=\"initWithImageUrl:\"><argument parameterName=\"imageUrl\" value=\"https://example.org/q/\(index).png\"/></initializer>\n"
                    + "    </component>\n"
            case 1:
                text += "    <component class=\"Knight\" key=\"knight\(index)\" scope=\"prototype\">\n"
                    + "        <property name=\"quest\" ref=\"quest\(index - 1)\"/>\n"
                    + "        <property name=\"damselsRescued\" value=\"\(index % 97)\"/>\n"
                    + "    </component>\n"
            case 2:
                text += "    <component class=\"Knight\" key=\"knight\(index)\" parent=\"knight\(index - 1)\">\n"
                    + "        <property name=\"favoriteDamsels\"><collection><value>Mary</value><value>Jane</value></collection></property>\n"
                    + "    </component>\n"
            default:
                text += "    <component class=\"CavalryMan\" key=\"cavalry\(index)\">\n"
                    + "        <initializer selector=\"initWithQuest:hitRatio:\"><argument parameterName=\"quest\" ref=\"quest\(index - 3)\"/>"
                    + "<argument parameterName=\"hitRatio\" value=\"13.75\"/></initializer>\n"
                    + "    </component>\n"
            }
        }
        return Array((text + "</assembly>\n").utf8)
    }
}
