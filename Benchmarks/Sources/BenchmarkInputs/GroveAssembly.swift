/// The 10-object prototype graph both resolution benchmarks build (`Grove` →
/// `Tree` → `Trunk` → 2 `Branch` → 4 `Leaf`, plus a seedling `Leaf`), and a
/// singleton `Leaf`: one text, so that the synchronous and the async figures
/// are of the same assembly.
public enum GroveAssembly {
    public static let xml = """
        <assembly>
            <component class="Grove" key="grove" scope="prototype">
                <initializer selector="initWithTree:seedling:">
                    <argument parameterName="tree" ref="tree"/><argument parameterName="seedling" ref="seedling"/>
                </initializer>
            </component>
            <component class="Tree" key="tree" scope="prototype">
                <initializer selector="initWithTrunk:label:">
                    <argument parameterName="trunk" ref="trunk"/><argument parameterName="label" value="oak"/>
                </initializer>
            </component>
            <component class="Trunk" key="trunk" scope="prototype">
                <initializer selector="initWithFirst:second:">
                    <argument parameterName="first" ref="branch"/><argument parameterName="second" ref="branch"/>
                </initializer>
            </component>
            <component class="Branch" key="branch" scope="prototype">
                <initializer selector="initWithLeft:right:">
                    <argument parameterName="left" ref="leftLeaf"/><argument parameterName="right" ref="rightLeaf"/>
                </initializer>
            </component>
            <component class="Leaf" key="leftLeaf" scope="prototype">
                <initializer selector="initWithValue:"><argument parameterName="value" value="1"/></initializer>
            </component>
            <component class="Leaf" key="rightLeaf" scope="prototype">
                <initializer selector="initWithValue:"><argument parameterName="value" value="2"/></initializer>
            </component>
            <component class="Leaf" key="seedling" scope="prototype">
                <initializer selector="initWithValue:"><argument parameterName="value" value="3"/></initializer>
            </component>
            <component class="Leaf" key="singletonLeaf" scope="singleton">
                <initializer selector="initWithValue:"><argument parameterName="value" value="4"/></initializer>
            </component>
        </assembly>
        """
}
